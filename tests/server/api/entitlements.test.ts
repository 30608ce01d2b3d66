import { expect, it } from 'vitest'
import type { License } from '@/common/contract'
import { describeApi } from '@/tests/support/server/api-fixture'
import { backToLicenses } from '@/tests/support/server/api-harness'

const paymentDue = 'Payment for your subscription is due. Update your card in Billing, then assign licenses.'
const ended = 'Your subscription has ended. Buy licenses again to assign them.'

// Each subscription is moved the way Stripe moves it: through the sandbox's API and clock, and the webhooks that follow.
describeApi('licenses that follow billing on $name', (api) => {
  const licenses = async (email: string) => (await api.call(email, 'GET', '/licenses')).body as License[]
  const stats = async (email: string) => (await api.call(email, 'GET', '/account/stats/')).body
  const assign = (owner: string, email: string) => api.call(owner, 'POST', '/licenses/assign', { firstName: 'New', lastName: 'Dev', email })
  /** The subscription's period end at Stripe, in whole seconds as Stripe keeps it. */
  const periodEndAtStripe = async (id: string) => (await api.stripe.subscriptions.retrieve(id)).items.data[0]!.current_period_end
  const seconds = (date: string) => Math.floor(Date.parse(date) / 1000)
  const settle = () => api.sandbox.webhooks.drain()

  it('refuses to assign for an owner who has never bought: 404, saying the subscription was not found', async () => {
    const refused = await assign('nolicense@example.com', 'someone@example.com')
    expect(refused).toMatchObject({ status: 404, body: { message: 'Your subscription was not found.' } })
  })

  it('answers a live seat as active, with its key and the period end, and says whether the caller owns it', async () => {
    const [owned] = await licenses('commercial@example.com')
    expect(owned).toMatchObject({ status: 'active', ownedByCaller: true })
    expect(seconds(owned!.expirationDate)).toBe(await periodEndAtStripe('sub_demo_commercial'))
    expect(owned!.licenseKey).toMatch(/^PRSM-/)
    expect(await licenses('dev1@example.com')).toEqual([expect.objectContaining({ status: 'active', ownedByCaller: false, accountEmail: 'commercial@example.com' })])
  })

  it("answers 'cancels' once the subscription is set to cancel at the period end, keeping the key and the date; assigning still works", async () => {
    await api.stripe.subscriptions.update('sub_demo_commercial', { cancel_at_period_end: true })
    await settle()
    const [seat] = await licenses('dev1@example.com')
    expect(seat).toMatchObject({ status: 'cancels' })
    expect(seconds(seat!.expirationDate)).toBe(await periodEndAtStripe('sub_demo_commercial'))
    expect(seat!.licenseKey).toMatch(/^PRSM-/)
    const assigned = await assign('commercial@example.com', 'cancelling@example.com')
    expect(assigned.status).toBe(200)
    await api.call('commercial@example.com', 'POST', '/licenses/unassign', { licenseId: assigned.body.id })
    await api.stripe.subscriptions.update('sub_demo_commercial', { cancel_at_period_end: false })
    await settle()
    expect((await licenses('dev1@example.com'))[0]).toMatchObject({ status: 'active' })
  })

  it("answers 'payment-due' when a renewal fails, keeps counting the seats, and refuses to assign (409, in words)", async () => {
    // Finn's customer has no card: the renewal's invoice cannot be paid and Stripe marks the subscription past due.
    const [before] = await licenses('full@example.com')
    await api.stripe.testHelpers.testClocks.advance('clock_demo_full', { frozen_time: Math.ceil(new Date(before!.expirationDate).getTime() / 1000) + 3_600 })
    await settle()
    const [seat] = await licenses('ana@example.com')
    expect(seat).toMatchObject({ status: 'payment-due', ownedByCaller: false })
    // The period moved on with the failed renewal: the seat runs to the new period's end while Stripe retries.
    expect(seconds(seat!.expirationDate)).toBe(await periodEndAtStripe('sub_demo_full'))
    expect(seconds(seat!.expirationDate)).toBeGreaterThan(seconds(before!.expirationDate))
    expect(seat!.licenseKey).toMatch(/^PRSM-/)
    expect(await stats('full@example.com')).toMatchObject({ purchased: 2, assigned: 2, available: 0 })
    const [ana] = ((await api.call('full@example.com', 'GET', '/licenses/assigned')).body as { id: string; email: string }[]).filter((row) => row.email === 'ana@example.com')
    await api.call('full@example.com', 'POST', '/licenses/unassign', { licenseId: ana!.id })
    const refused = await assign('full@example.com', 'ana@example.com')
    expect(refused).toMatchObject({ status: 409, body: { message: paymentDue } })
  })

  it('answers an ended seat as expired without its key, counts nothing, and refuses to assign (409, in words)', async () => {
    await api.stripe.subscriptions.cancel('sub_demo_full')
    await settle()
    const [seat] = await licenses('full@example.com')
    expect(seat).toMatchObject({ status: 'expired', licenseKey: '', ownedByCaller: true, accountEmail: 'full@example.com' })
    expect(await stats('full@example.com')).toEqual({ subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 })
    expect((await api.call('full@example.com', 'GET', '/licenses/assigned')).body).toEqual([])
    expect(await assign('full@example.com', 'ana@example.com')).toMatchObject({ status: 409, body: { message: ended } })
  })

  it('lists the live seats first and the ended ones after them, and hides an ended seat once its owner and plan are live again', async () => {
    // Finn buys again: a new subscription, and his own seat in it.
    const checkout = await api.call('full@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 2, ...backToLicenses })
    expect(checkout.status).toBe(200)
    await api.pay(checkout.body.sessionId)
    expect((await licenses('full@example.com')).map((seat) => seat.status)).toEqual(['active'])
    expect(await stats('full@example.com')).toMatchObject({ purchased: 2, assigned: 1, available: 1 })
    // Dev One holds Cara's seat; Finn gives him one too, then Finn's new subscription ends.
    expect((await assign('full@example.com', 'dev1@example.com')).status).toBe(200)
    const statuses = async () => (await licenses('dev1@example.com')).map((seat) => [seat.accountEmail, seat.status])
    expect(await statuses()).toEqual(
      expect.arrayContaining([
        ['commercial@example.com', 'active'],
        ['full@example.com', 'active'],
      ]),
    )
    const [newest] = await api.db.query<{ stripe_subscription_id: string }>(
      "select stripe_subscription_id from subscriptions where owner_oid = (select oid from accounts where email = 'full@example.com') and status = 'active'",
    )
    await api.stripe.subscriptions.cancel(newest!.stripe_subscription_id)
    await settle()
    expect(await statuses()).toEqual([
      ['commercial@example.com', 'active'],
      ['full@example.com', 'expired'],
    ])
    // Both of Finn's subscriptions have ended: his own seat shows once, the newest.
    const own = await licenses('full@example.com')
    expect(own.map((seat) => seat.status)).toEqual(['expired'])
    expect(seconds(own[0]!.expirationDate)).toBe(await periodEndAtStripe(newest!.stripe_subscription_id))
  })
})
