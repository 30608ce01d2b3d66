import type Stripe from 'stripe'
import { afterEach, expect, it, vi } from 'vitest'
import { log } from '@/server/log'
import { describeApi } from '@/tests/support/server/api-fixture'
import { legacyPrice, origin } from '@/tests/support/server/api-harness'
import { untilSettledOrWaiting, waitingForTurn } from '@/tests/support/server/turns'

const back = { successUrl: `${origin}/account/licenses?success=true`, cancelUrl: `${origin}/account/licenses?success=false` }
/** An event about a subscription as Stripe sends it, at a given second. */
const eventAbout = (id: string, subscription: Stripe.Subscription, created: number) =>
  JSON.stringify({ id, object: 'event', type: 'customer.subscription.updated', created, data: { object: subscription } })

describeApi('Stripe and the portal agree on $name', (api) => {
  const stats = async (email: string) => (await api.call(email, 'GET', '/account/stats/')).body
  const licenses = async (email: string) => (await api.call(email, 'GET', '/licenses')).body as { status: string }[]
  afterEach(() => vi.restoreAllMocks())

  it('keeps the newer state when two events of the same second are applied and the older Stripe answer arrives last', async () => {
    const checkout = await api.call('nolicense@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 2, ...back })
    await api.pay(checkout.body.sessionId as string)
    expect(await stats('nolicense@example.com')).toMatchObject({ purchased: 2 })
    const [row] = await api.db.query<{ stripe_subscription_id: string }>("select stripe_subscription_id from subscriptions join accounts on oid = owner_oid where email = 'nolicense@example.com'")
    const subscriptionId = row!.stripe_subscription_id
    const subscription = await api.stripe.subscriptions.retrieve(subscriptionId)
    const second = Math.floor(Date.now() / 1000)
    // Stripe's own deliveries wait: the two events below are the only ones the API hears.
    const releaseWebhooks = api.holdWebhooks()
    // The first event's question to Stripe is answered now (2 seats), and the answer travels slowly.
    const slow = api.holdStripeAnswer((request) => request.method === 'GET' && new URL(request.url).pathname === `/v1/subscriptions/${subscriptionId}`)
    const first = api.deliver(eventAbout('evt_same_second_1', subscription, second))
    await slow.answered
    await api.stripe.subscriptions.update(subscriptionId, { items: [{ id: subscription.items.data[0]!.id, quantity: 4 }], proration_behavior: 'none' })
    const secondDelivery = api.deliver(eventAbout('evt_same_second_2', subscription, second))
    // The old answer lands last: once the second event is done, or waits for its turn on the subscription.
    await untilSettledOrWaiting(secondDelivery, () => waitingForTurn(api.db, `subscription:${subscriptionId}`))
    slow.release()
    expect((await first).status).toBe(200)
    expect((await secondDelivery).status).toBe(200)
    expect(await stats('nolicense@example.com')).toMatchObject({ purchased: 4, available: 3 })
    await releaseWebhooks()
    expect(await stats('nolicense@example.com')).toMatchObject({ purchased: 4, available: 3 })
  })

  it('follows a subscription the portal holds onto a price of none of its plans, logging the price as an error with the subscription', async () => {
    const errors = vi.spyOn(log, 'error')
    const subscription = await api.stripe.subscriptions.retrieve('sub_demo_full')
    await api.stripe.subscriptions.update('sub_demo_full', { items: [{ id: subscription.items.data[0]!.id, price: legacyPrice.id, quantity: 3 }], proration_behavior: 'none' })
    await api.sandbox.webhooks.drain()
    // Its seats follow (a third one, free), and its plan stays the one it was sold as.
    expect(await stats('full@example.com')).toMatchObject({ subscription: 'Commercial', purchased: 3, assigned: 2, available: 1 })
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: 'sub_demo_full', stripePriceId: legacyPrice.id }), expect.stringContaining('none of our plans'))
    // Its cancellation ends its seats, keys and feed access.
    await api.stripe.subscriptions.cancel('sub_demo_full')
    await api.sandbox.webhooks.drain()
    expect((await licenses('full@example.com')).map((license) => license.status)).toEqual(['expired'])
    expect(await stats('full@example.com')).toMatchObject({ purchased: 0, available: 0 })
  })

  it('logs an event about a customer it does not know, and stores nothing', async () => {
    const warnings = vi.spyOn(log, 'warn')
    const customer = await api.stripe.customers.create({ email: 'stranger@example.com' })
    const subscription = await api.stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_local_community' }] })
    await api.sandbox.webhooks.drain()
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: subscription.id, customerId: customer.id }), expect.stringContaining('does not know'))
    expect(await api.db.query('select 1 from subscriptions where stripe_subscription_id = $1', [subscription.id])).toEqual([])
  })
})
