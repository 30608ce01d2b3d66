import type Stripe from 'stripe'
import { expect, it, vi } from 'vitest'
import { log } from '@/server/log'
import { stripeApiVersion } from '@/server/payments/stripe-client'
import { describeApi } from '@/tests/support/server/api-fixture'
import { backToLicenses } from '@/tests/support/server/api-harness'
import { yearlyPlan } from '@/testkit/yearly-plan'

describeApi('Stripe webhooks on $name', (api) => {
  const stats = async (email: string) => (await api.call(email, 'GET', '/account/stats/')).body
  const eventsOf = (type: string) => api.deliveries.map((body) => JSON.parse(body) as Stripe.Event).filter((event) => event.type === type)

  async function buy(email: string, quantity: number) {
    const checkout = await api.call(email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity, ...backToLicenses })
    expect(checkout.status).toBe(200)
    return checkout.body.sessionId as string
  }

  it('fulfils a purchase from the webhook only: nothing before the events, the seats once they are handled', async () => {
    const sessionId = await buy('nolicense@example.com', 2)
    expect(await api.pay(sessionId)).toBe(303)
    expect(await stats('nolicense@example.com')).toMatchObject({ subscription: 'Commercial', purchased: 2, assigned: 1, available: 1 })
    const completed = eventsOf('checkout.session.completed').find((event) => (event.data.object as Stripe.Checkout.Session).id === sessionId)
    expect(completed, 'the sandbox delivered checkout.session.completed').toBeDefined()
  })

  it('refuses a forged, unsigned or stale signature with 400 and changes nothing', async () => {
    const before = await stats('nolicense@example.com')
    const event = api.deliveries.find((body) => body.includes('"checkout.session.completed"'))!
    const forged = JSON.stringify({ ...JSON.parse(event), id: 'evt_forged' })
    expect((await api.deliver(forged, { secret: 'whsec_someone_else' })).status).toBe(400)
    expect((await api.deliver(forged, { signature: null })).status).toBe(400)
    expect((await api.deliver(forged, { signature: 't=1,v1=00' })).status).toBe(400)
    expect((await api.deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400)
    expect(await stats('nolicense@example.com')).toEqual(before)
    expect(await api.db.query("select id from stripe_events where id = 'evt_forged'")).toEqual([])
  })

  it('refuses with 400 a signed event not shaped like its type, and records nothing', async () => {
    const hollow = JSON.stringify({ id: 'evt_hollow', object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: {} })
    expect(await api.deliver(hollow)).toMatchObject({ status: 400 })
    expect(await (await api.deliver(hollow)).json()).toEqual({ message: 'The event could not be read.' })
    expect(await api.db.query("select id from stripe_events where id = 'evt_hollow'")).toEqual([])
  })

  it('processes an event once: a repeated delivery answers 200 and counts nothing twice', async () => {
    // Counted from what the account holds before, so the test stands alone.
    const before = await stats('nolicense@example.com')
    const sessionId = await buy('nolicense@example.com', 3)
    await api.pay(sessionId)
    const after = await stats('nolicense@example.com')
    expect(after.purchased).toBe(before.purchased + 3)
    const events = api.deliveries.filter((body) => body.includes(sessionId) || body.includes('"customer.subscription.created"'))
    for (const body of events) {
      const again = await api.deliver(body)
      expect(again.status).toBe(200)
      expect(await again.json()).toMatchObject({ received: true, duplicate: true })
    }
    // The same event at two instances at once: one applies it, the other finds it done.
    const fresh = JSON.stringify({ ...JSON.parse(events[0]!), id: `evt_twice_${Date.now()}` })
    const answers = await Promise.all([api.deliver(fresh), api.deliver(fresh)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    // Whichever comes second, found done before it starts or once the first has recorded it, says so.
    const duplicates = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { duplicate: boolean }).duplicate))
    expect(duplicates.sort()).toEqual([false, true])
    expect(await stats('nolicense@example.com')).toEqual(after)
  })

  it("applies an event of another Stripe API version than the code's, saying so as an error once for each version", async () => {
    const errors = vi.spyOn(log, 'error')
    const event = (id: string, version: string) =>
      JSON.stringify({ id, object: 'event', api_version: version, type: 'customer.updated', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_elsewhere', object: 'customer' } } })
    try {
      for (const [id, version] of [
        ['evt_version_ours', stripeApiVersion],
        ['evt_version_old_1', '2020-08-27'],
        ['evt_version_old_2', '2020-08-27'],
      ] as const)
        expect((await api.deliver(event(`${id}_${Date.now()}`, version))).status).toBe(200)
      const said = errors.mock.calls.filter(([, message]) => String(message).startsWith('webhook event in another Stripe API version'))
      expect(said.map(([fields]) => fields)).toEqual([{ eventId: expect.stringMatching(/^evt_version_old_1/), apiVersion: '2020-08-27', expected: stripeApiVersion }])
    } finally {
      errors.mockRestore()
    }
  })

  it('records an event about no subscription once, answers it as ignored, and its repeat as already received', async () => {
    const before = await stats('nolicense@example.com')
    const id = `evt_no_subscription_${Date.now()}`
    const customerUpdated = JSON.stringify({ id, object: 'event', type: 'customer.updated', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_elsewhere', object: 'customer' } } })
    const first = await api.deliver(customerUpdated)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, duplicate: false, outcome: 'ignored' })
    expect(await api.db.query('select type from stripe_events where id = $1', [id])).toEqual([{ type: 'customer.updated' }])
    // Already processed: found before any work, so the answer says nothing more than that.
    const again = await api.deliver(customerUpdated)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    expect(await stats('nolicense@example.com')).toEqual(before)
  })

  it('answers a repeated subscription event as already received, before asking Stripe anything', async () => {
    const subscriptionEvent = api.deliveries.find((body) => body.includes('"customer.subscription.created"'))!
    // Stripe failing meanwhile: a repeat that asked it would fail, and Stripe would send it yet again.
    api.stripeFault.status = 500
    try {
      const again = await api.deliver(subscriptionEvent)
      expect(again.status).toBe(200)
      expect(await again.json()).toEqual({ received: true, duplicate: true })
    } finally {
      api.stripeFault.status = null
    }
  })

  it('keeps each subscription of a second checkout apart: its own seats and its own renewal date', async () => {
    const subscriptions = await api.db.query<{ quantity: number; current_period_end: Date }>(
      "select quantity, current_period_end from subscriptions join accounts on accounts.oid = subscriptions.owner_oid where accounts.email = 'nolicense@example.com' order by subscriptions.created_at",
    )
    expect(subscriptions.map((row) => row.quantity)).toEqual([2, 3])
    const [account] = await api.db.query<{ stripe_customer_id: string }>("select stripe_customer_id from accounts where email = 'nolicense@example.com'")
    const atStripe = await api.stripe.subscriptions.list({ customer: account!.stripe_customer_id })
    expect(atStripe.data.map((subscription) => subscription.items.data[0]!.quantity).sort()).toEqual([2, 3])
  })

  it('changes nothing for an event older than the state it already holds (out of order)', async () => {
    const created = eventsOf('customer.subscription.created').at(-1)!
    const subscription = created.data.object as Stripe.Subscription
    // Stripe sends a late copy of an earlier update that still had 1 seat.
    const stale = {
      ...created,
      id: `evt_stale_${Date.now()}`,
      type: 'customer.subscription.updated',
      created: created.created - 3600,
      data: { object: { ...subscription, items: { ...subscription.items, data: [{ ...subscription.items.data[0]!, quantity: 1 }] } } },
    }
    const before = await stats('nolicense@example.com')
    expect((await api.deliver(JSON.stringify(stale))).status).toBe(200)
    expect(await stats('nolicense@example.com')).toEqual(before)
  })

  it('loses nothing when a delivery fails: Stripe retries with back-off, and the seats come once', async () => {
    const sessionId = await buy('commercial@example.com', 1)
    const before = await stats('commercial@example.com')
    api.webhookFaults.failNext = 2
    await api.pay(sessionId)
    // The sandbox tries again after its back-off (20 ms, then 40 ms here).
    await expect.poll(() => stats('commercial@example.com'), { timeout: 5_000 }).toEqual({ ...before, purchased: before.purchased + 1, available: before.available + 1 })
    expect(api.webhookFaults.failNext, 'two deliveries were refused on the way').toBe(0)
    await api.sandbox.webhooks.drain()
    expect(await stats('commercial@example.com')).toEqual({ ...before, purchased: before.purchased + 1, available: before.available + 1 })
    expect((await api.call('commercial@example.com', 'GET', `/stripe/checkout-sessions/${sessionId}`)).body).toEqual({ status: 'fulfilled' })
  })

  it('moves the expiration date with a renewal, and ends the seats with the subscription', async () => {
    const expiration = async () => (await api.call('plus@example.com', 'GET', '/licenses')).body[0]?.expirationDate as string | undefined
    const first = new Date((await expiration())!)
    const clock = await api.stripe.testHelpers.testClocks.retrieve('clock_demo_plus')
    await api.stripe.testHelpers.testClocks.advance('clock_demo_plus', { frozen_time: Math.ceil(first.getTime() / 1000) + 86_400 })
    await api.sandbox.webhooks.drain()
    const renewed = new Date((await expiration())!)
    // The next period ends a year after the first, to the day.
    expect(renewed.toISOString().slice(0, 10)).toBe(new Date(yearlyPlan.periodEnd(first.getTime() / 1000) * 1000).toISOString().slice(0, 10))
    expect(clock.id).toBe('clock_demo_plus')
    await api.stripe.subscriptions.cancel('sub_demo_plus')
    await api.sandbox.webhooks.drain()
    // The ended seat stays listed, expired (issue 15), its key still shown: it opens what the renewed year it was paid for covers (docs/feed-coverage.md).
    expect(await api.call('plus@example.com', 'GET', '/licenses')).toMatchObject({
      body: [{ status: 'expired', licenseKey: expect.stringMatching(/^PRSM-/), updatesUntil: renewed.toISOString(), newestCovered: '9.2.0' }],
    })
    expect(await stats('plus@example.com')).toMatchObject({ purchased: 0, available: 0 })
  })
})
