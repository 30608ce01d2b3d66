import { afterEach, expect, it, vi } from 'vitest'
import { log } from '@/server/log'
import { createStripeGateway } from '@/server/payments/gateway'
import { reconcileNow, reconciliationJob, type ReconciliationReport } from '@/server/reconciliation/job'
import { reconcile } from '@/server/reconciliation/reconcile'
import { overAssignedMessage } from '@/server/licensing/subscription-store'
import { describeApi } from '@/tests/support/server/api-fixture'
import { stripeSettings } from '@/tests/support/server/api-harness'

const day = 86_400_000

describeApi('billing reconciliation on $name', (api) => {
  const stripe = () => ({ gateway: createStripeGateway(api.stripe, stripeSettings.prices, stripeSettings.webhookSecret), prices: stripeSettings.prices })
  const now = async (options: { dryRun: boolean }) => (await reconcileNow(api.db, stripe(), options)) as ReconciliationReport
  const stats = async (email: string) => (await api.call(email, 'GET', '/account/stats/')).body
  const licenses = async (email: string) => (await api.call(email, 'GET', '/licenses')).body as { status: string; expirationDate: string }[]
  const kinds = (report: ReconciliationReport) => report.differences.map((difference) => `${difference.subscriptionId} ${difference.kind}`).sort()
  afterEach(() => vi.restoreAllMocks())

  it('finds nothing to do when the portal and Stripe agree, and the prices agree with the plans', async () => {
    // A subscription never paid for (no card to charge) grants nothing: the portal need not hold it.
    const releaseWebhooks = api.holdWebhooks()
    const unpaid = await api.stripe.subscriptions.create({ customer: 'cus_demo_full', items: [{ price: 'price_local_commercial' }] })
    expect(unpaid.status).toBe('incomplete')
    const report = await now({ dryRun: false })
    // The demo accounts' five subscriptions, lapsed@example.com's ended one among them.
    expect(report).toMatchObject({ compared: 5, differences: [], applied: 0, failed: 0, lapsed: [], priceMismatches: [] })
    await releaseWebhooks()
  })

  it('finds and fixes a planted difference of each kind: status, quantity, period, a missed deletion, a subscription never stored', async () => {
    const atStripe = await api.stripe.subscriptions.retrieve('sub_demo_full')
    const periodEnd = new Date(atStripe.items.data[0]!.current_period_end * 1000).toISOString()
    // The portal's own copy drifts: a paid subscription stored as incomplete, a period end moved.
    await api.db.query("update subscriptions set status = 'incomplete' where stripe_subscription_id = 'sub_demo_commercial'")
    await api.db.query("update subscriptions set current_period_end = current_period_end - interval '30 days' where stripe_subscription_id = 'sub_demo_full'")
    // Stripe changes whose events never arrive: seats added, a cancellation, a second subscription.
    const releaseWebhooks = api.holdWebhooks()
    const plus = await api.stripe.subscriptions.retrieve('sub_demo_plus')
    await api.stripe.subscriptions.update('sub_demo_plus', { items: [{ id: plus.items.data[0]!.id, quantity: 6 }], proration_behavior: 'none' })
    await api.stripe.subscriptions.cancel('sub_demo_community')
    const second = await api.stripe.subscriptions.create({ customer: 'cus_demo_commercial', items: [{ price: 'price_local_commercial', quantity: 2 }], default_payment_method: 'pm_demo_commercial' })
    const before = { commercial: await stats('commercial@example.com'), plus: await stats('plus@example.com') }
    expect(before.commercial).toMatchObject({ purchased: 0 })

    const warnings = vi.spyOn(log, 'warn')
    const dry = await now({ dryRun: true })
    const planted = ['sub_demo_commercial status', 'sub_demo_community deletion', 'sub_demo_full period', 'sub_demo_plus quantity', `${second.id} missing`].sort()
    expect(kinds(dry)).toEqual(planted)
    expect(dry.applied).toBe(0)
    for (const difference of dry.differences)
      expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: difference.subscriptionId, kind: difference.kind, dryRun: true }), expect.any(String))
    expect(await stats('commercial@example.com'), 'a dry run changes nothing').toEqual(before.commercial)
    expect(await stats('plus@example.com')).toEqual(before.plus)

    const fixed = await now({ dryRun: false })
    expect(kinds(fixed)).toEqual(planted)
    expect(fixed).toMatchObject({ applied: 5, failed: 0 })
    expect(await stats('commercial@example.com')).toMatchObject({ purchased: 7 })
    expect(await stats('plus@example.com')).toMatchObject({ purchased: 6, assigned: 1, available: 5 })
    expect((await licenses('full@example.com'))[0]!.expirationDate).toBe(periodEnd)
    expect((await licenses('community@example.com')).map((license) => license.status)).toEqual(['expired'])
    expect((await now({ dryRun: false })).differences, 'a second run finds them agreeing').toEqual([])
    // The lost events arrive after all: they change nothing more.
    await releaseWebhooks()
    expect(await stats('commercial@example.com')).toMatchObject({ purchased: 7 })
    expect(await stats('plus@example.com')).toMatchObject({ purchased: 6 })
  })

  it('ends a live subscription whose period ended more than three days ago with no renewal, when Stripe cannot tell', async () => {
    const errors = vi.spyOn(log, 'error')
    await api.db.query("update subscriptions set stripe_subscription_id = 'sub_lost_at_stripe', current_period_end = $1 where stripe_subscription_id = 'sub_demo_full'", [
      new Date(Date.now() - 4 * day).toISOString(),
    ])
    const report = await now({ dryRun: false })
    expect(report).toMatchObject({ failed: 1, lapsed: ['sub_lost_at_stripe'] })
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: 'sub_lost_at_stripe' }), expect.stringContaining('could not be reconciled'))
    expect((await licenses('full@example.com')).map((license) => license.status)).toEqual(['expired'])
    // Two days over is still within the grace: nothing lapses.
    await api.db.query("update subscriptions set status = 'active', current_period_end = $1 where stripe_subscription_id = 'sub_lost_at_stripe'", [new Date(Date.now() - 2 * day).toISOString()])
    expect((await now({ dryRun: false })).lapsed).toEqual([])
    expect((await licenses('full@example.com')).map((license) => license.status)).toEqual(['active'])
  })

  it('compares no further subscription past its time bound: those left are counted, logged, and left to the next run', async () => {
    const warnings = vi.spyOn(log, 'warn')
    const gateway = stripe().gateway
    const whole = await reconcile(api.db, gateway, { dryRun: true })
    expect(whole.compared).toBeGreaterThan(0)
    expect(whole.leftOver).toBe(0)
    const cut = await reconcile(api.db, gateway, { dryRun: true, deadline: Date.now() })
    expect(cut).toMatchObject({ compared: 0, leftOver: whole.compared + whole.failed })
    expect(warnings).toHaveBeenCalledWith({ compared: 0, leftOver: whole.compared + whole.failed, dryRun: true }, expect.stringContaining('stopped at its time bound'))
  })

  it('runs on one instance at a time: once a day as a job, never beside a run already going', async () => {
    await api.db.query('delete from job_runs')
    const job = reconciliationJob(stripe())
    const [first, second] = await Promise.all([job(api.db, 'https://portal.example.com'), job(api.db, 'https://portal.example.com')])
    expect([first, second].filter(Boolean)).toHaveLength(1)
    expect(await job(api.db, 'https://portal.example.com'), 'not due again the same day').toBeNull()
    // On demand, it runs at once unless a run holds the lease.
    await api.db.query("update job_runs set lease_until = now() + interval '5 minutes', started_at = now()")
    expect(await reconcileNow(api.db, stripe(), { dryRun: false })).toMatchObject({ runningSince: expect.any(Date) })
    expect(await reconcileNow(api.db, stripe(), { dryRun: true })).toMatchObject({ compared: expect.any(Number) })
  })

  it('logs and flags a quantity that lands below the seats assigned: no holder loses a seat, and each run says so until the seats fit', async () => {
    await api.db.query('delete from job_runs')
    const errors = vi.spyOn(log, 'error')
    for (const name of ['ann', 'ben'])
      expect((await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: name, lastName: 'Held', email: `${name}@plus.example.com` })).status).toBe(200)
    expect(await stats('plus@example.com')).toMatchObject({ assigned: 3 })
    // Fewer seats at Stripe (a change made there) than the three assigned, its event lost.
    const releaseWebhooks = api.holdWebhooks()
    const plus = await api.stripe.subscriptions.retrieve('sub_demo_plus')
    await api.stripe.subscriptions.update('sub_demo_plus', { items: [{ id: plus.items.data[0]!.id, quantity: 2 }], proration_behavior: 'none' })
    const report = await now({ dryRun: false })
    expect(report.overAssigned).toEqual(['sub_demo_plus'])
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ stripeSubscriptionId: 'sub_demo_plus', quantity: 2, assigned: 3 }), overAssignedMessage)
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: 'sub_demo_plus', quantity: 2, assigned: 3 }), `billing reconciliation: ${overAssignedMessage}`)
    expect(await stats('plus@example.com')).toMatchObject({ assigned: 3 })
    expect((await now({ dryRun: true })).overAssigned, 'flagged again by the next run').toEqual(['sub_demo_plus'])
    const [ben] = ((await api.call('plus@example.com', 'GET', '/licenses/assigned')).body as unknown as { id: string; email: string }[]).filter((seat) => seat.email === 'ben@plus.example.com')
    expect((await api.call('plus@example.com', 'POST', '/licenses/unassign', { licenseId: ben!.id })).status).toBe(200)
    expect((await now({ dryRun: true })).overAssigned, 'the seats fit again').toEqual([])
    await releaseWebhooks()
  })
})
