import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'
import { backToLicenses } from '@/tests/support/server/api-harness'

const cards = { good: '4242424242424242', failsWhenCharged: '4000000000000341' }

/**
 * Money and seats when billing goes wrong part-way: refused upgrades tried again, several
 * subscriptions, keys sent twice, quantities changed at Stripe, events about ended subscriptions,
 * and checkouts opened side by side. Each case is driven through the API, the sandbox's Stripe API and
 * its webhooks, as Stripe would drive it.
 */
describeApi('billing faults on $name', (api) => {
  const stats = async (email: string) => (await api.call(email, 'GET', '/account/stats/')).body
  const planAtStripe = async (subscriptionId: string) => {
    const item = (await api.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!
    return { price: item.price.id, quantity: item.quantity }
  }
  const invoicesOf = async (subscriptionId: string) => (await api.stripe.invoices.list({ subscription: subscriptionId, limit: 100 })).data.length
  const upgrade = (email: string, quantity: number, headers: Record<string, string> = {}) =>
    api.call(email, 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity }, headers)

  /** A new person who bought one Commercial seat twice, in two checkouts: two subscriptions, oldest first. */
  async function ownerOfTwoSubscriptions(name: string) {
    const email = `${name}.${Date.now()}@example.com`
    expect((await api.call(email, 'POST', '/auth/login', { firstName: name, lastName: 'Owner', email, oid: `oid-${email}` })).status).toBe(200)
    for (let purchase = 0; purchase < 2; purchase++) {
      const checkout = await api.call(email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 1, ...backToLicenses })
      expect(checkout.status).toBe(200)
      await api.pay(checkout.body.sessionId)
    }
    const rows = await api.db.query<{ stripe_subscription_id: string }>('select stripe_subscription_id from subscriptions where owner_oid = $1 order by created_at, id', [`oid-${email}`])
    expect(rows).toHaveLength(2)
    return { email, subscriptions: rows.map((row) => row.stripe_subscription_id) }
  }

  it('charges the next attempt after a refused upgrade: Stripe does not replay the refusal once another card is on file', async () => {
    await api.saveCard('full@example.com', cards.failsWhenCharged)
    const refused = await upgrade('full@example.com', 2)
    expect(refused).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } })
    expect(await planAtStripe('sub_demo_full')).toEqual({ price: 'price_local_commercial', quantity: 2 })
    await api.saveCard('full@example.com', cards.good)
    expect((await upgrade('full@example.com', 2)).status).toBe(200)
    expect(await planAtStripe('sub_demo_full')).toEqual({ price: 'price_local_commercial_plus', quantity: 2 })
    expect(await stats('full@example.com')).toMatchObject({ subscription: 'Commercial Plus', purchased: 2, assigned: 2 })
  })

  it('charges the card the customer saved, not the one a checkout left on the subscription', async () => {
    const { email, subscriptions } = await ownerOfTwoSubscriptions('Recarded')
    await api.saveCard(email, cards.failsWhenCharged)
    expect((await api.call(email, 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: true, card: { brand: 'visa', last4: '0341' } })
    expect(await upgrade(email, 2)).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } })
    for (const subscription of subscriptions) expect(await planAtStripe(subscription)).toEqual({ price: 'price_local_commercial', quantity: 1 })
  })

  it('finishes an upgrade of two subscriptions that a card refused part-way, charging each subscription once', async () => {
    const { email, subscriptions } = await ownerOfTwoSubscriptions('Parted')
    const [first, second] = subscriptions as [string, string]
    // The customer saves a card whose charges fail; the first subscription is then given back the checkout's good card.
    const customer = (await api.stripe.subscriptions.retrieve(first)).customer as string
    const [checkoutCard] = (await api.stripe.paymentMethods.list({ customer, type: 'card' })).data
    await api.saveCard(email, cards.failsWhenCharged)
    await api.stripe.subscriptions.update(first, { default_payment_method: checkoutCard!.id })
    await api.sandbox.webhooks.drain()
    const invoicesBefore = [await invoicesOf(first), await invoicesOf(second)]

    expect(await upgrade(email, 2)).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } })
    expect(await planAtStripe(first)).toEqual({ price: 'price_local_commercial_plus', quantity: 1 })
    expect(await planAtStripe(second)).toEqual({ price: 'price_local_commercial', quantity: 1 })
    // Part-way, the account is on its highest live plan and still offers the upgrade of the rest.
    expect((await api.call(email, 'GET', '/account/')).body.allowedPriceId).toBe('commercial-plus')
    expect((await api.call(email, 'GET', '/stripe/upgrade-preview?priceId=commercial-plus&quantity=2')).status).toBe(200)

    await api.saveCard(email, cards.good)
    expect((await upgrade(email, 2)).status).toBe(200)
    expect(await planAtStripe(first)).toEqual({ price: 'price_local_commercial_plus', quantity: 1 })
    expect(await planAtStripe(second)).toEqual({ price: 'price_local_commercial_plus', quantity: 1 })
    expect([await invoicesOf(first), await invoicesOf(second)], 'one upgrade invoice for each subscription').toEqual([invoicesBefore[0]! + 1, invoicesBefore[1]! + 1])
    expect(await stats(email)).toMatchObject({ subscription: 'Commercial Plus', purchased: 2, assigned: 1, available: 1 })
  })

  it("keys each subscription's change apart under the client's Idempotency-Key, and repeats the answer for the same key", async () => {
    const { email, subscriptions } = await ownerOfTwoSubscriptions('Keyed')
    const headers = { 'Idempotency-Key': `upgrade-${Date.now()}` }
    expect((await upgrade(email, 2, headers)).status).toBe(200)
    for (const subscription of subscriptions) expect(await planAtStripe(subscription)).toEqual({ price: 'price_local_commercial_plus', quantity: 1 })
    const invoices = await Promise.all(subscriptions.map(invoicesOf))
    // The same request again, as a client retries it: refused, as the plan is already Commercial Plus, and nothing is charged.
    expect((await upgrade(email, 2, headers)).status).toBe(409)
    expect(await Promise.all(subscriptions.map(invoicesOf))).toEqual(invoices)
  })

  it('refuses with 409, not 500, a client key used again for a request with other details', async () => {
    const headers = { 'Idempotency-Key': `checkout-${Date.now()}` }
    expect((await api.call('commercial@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 2, ...backToLicenses }, headers)).status).toBe(200)
    const reused = await api.call('commercial@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 3, ...backToLicenses }, headers)
    expect(reused).toMatchObject({ status: 409, body: { message: 'This Idempotency-Key was already used for a different request.' } })
  })

  it('keeps the seats at the quantity paid for: lowered below the assigned seats and raised again, no unpaid seat appears', async () => {
    const { email, subscriptions } = await ownerOfTwoSubscriptions('Quantity')
    const [first] = subscriptions as [string]
    const setQuantity = async (quantity: number) => {
      const item = (await api.stripe.subscriptions.retrieve(first)).items.data[0]!
      await api.stripe.subscriptions.update(first, { items: [{ id: item.id, quantity }], proration_behavior: 'none' })
      await api.sandbox.webhooks.drain()
    }
    await setQuantity(3)
    expect(await stats(email)).toMatchObject({ purchased: 4, assigned: 1, available: 3 })
    for (const name of ['one', 'two', 'three']) {
      expect((await api.call(email, 'POST', '/licenses/assign', { firstName: name, lastName: 'Dev', email: `${name}.${Date.now()}@example.com` })).status).toBe(200)
    }
    // Down to 1 while its three seats are assigned: assigned seats are never taken from their holders.
    await setQuantity(1)
    expect(await stats(email)).toMatchObject({ purchased: 4, assigned: 4, available: 0 })
    // Back to 3: the subscription already has its three seats, so none is added without being paid for.
    await setQuantity(3)
    expect(await stats(email)).toMatchObject({ purchased: 4, assigned: 4, available: 0 })
  })

  it("leaves the account's license type to its live subscriptions: an event about an ended one changes nothing", async () => {
    const { email, subscriptions } = await ownerOfTwoSubscriptions('Ended')
    const [first, second] = subscriptions as [string, string]
    await api.stripe.subscriptions.cancel(first)
    await api.sandbox.webhooks.drain()
    expect((await upgrade(email, 1)).status).toBe(200)
    expect(await planAtStripe(second)).toEqual({ price: 'price_local_commercial_plus', quantity: 1 })
    expect((await api.call(email, 'GET', '/account/')).body.allowedPriceId).toBe('commercial-plus')
    // Stripe tells of the ended subscription again (a note added in the Dashboard, say).
    const ended = await api.stripe.subscriptions.retrieve(first)
    const event = { id: `evt_ended_${Date.now()}`, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: ended } }
    expect((await api.deliver(JSON.stringify(event))).status).toBe(200)
    expect((await api.call(email, 'GET', '/account/')).body.allowedPriceId).toBe('commercial-plus')
    expect((await api.call(email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 1, ...backToLicenses })).status).toBe(200)
  })

  /** A new person, signed in, with no billing account yet. */
  async function newPerson(name: string) {
    const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`
    expect((await api.call(email, 'POST', '/auth/login', { firstName: name, lastName: 'Owner', email, oid: `oid-${email}` })).status).toBe(200)
    return email
  }
  const order = (email: string, priceId: string, quantity: number, headers: Record<string, string> = {}) =>
    api.call(email, 'POST', '/stripe/create-checkout-session', { priceId, quantity, ...backToLicenses }, headers)

  it('counts an open checkout towards the one-type rule: another plan waits until it expires, the same order gets the same checkout', async () => {
    const email = await newPerson('Sides')
    const first = await order(email, 'commercial', 1)
    expect(first.status).toBe(200)
    const other = await order(email, 'commercial-plus', 1)
    expect(other.status).toBe(409)
    expect(other.body.message).toMatch(/^Accounts are limited to one license type, and your checkout for Commercial is still open: complete it, or try again when it expires, within 3\d minutes\.$/)
    // The same order again is the same, open checkout; another order of the same plan is a checkout of its own.
    expect((await order(email, 'commercial', 1)).body.sessionId).toBe(first.body.sessionId)
    const more = await order(email, 'commercial', 2)
    expect(more.status).toBe(200)
    expect(more.body.sessionId).not.toBe(first.body.sessionId)
    // Both expire (Stripe's time, or the Dashboard): the other plan may be bought, and the first order again is a new checkout.
    for (const session of [first.body.sessionId, more.body.sessionId]) await api.stripe.checkout.sessions.expire(session)
    expect((await order(email, 'commercial-plus', 1)).status).toBe(200)
    // The portal asks for an expiry 35 minutes from its clock; Stripe's `created` is its own clock, a moment (perhaps a second) later.
    const session = await api.stripe.checkout.sessions.retrieve(first.body.sessionId)
    expect(35 * 60 - (session.expires_at - session.created)).toBeOneOf([0, 1])
  })

  it('refuses a second Community checkout while the first is open, when the two would pass the five seats', async () => {
    const email = await newPerson('Community')
    const first = await order(email, 'community', 3)
    expect(first.status).toBe(200)
    // The same order again is the same checkout; another one is a second checkout, weighed with the first.
    expect((await order(email, 'community', 3)).body.sessionId).toBe(first.body.sessionId)
    const second = await order(email, 'community', 4)
    expect(second.status).toBe(409)
    expect(second.body.message).toMatch(/^Community is limited to 5 licenses per account, and 3 are in your checkout still open: complete it, or try again when it expires, within 3\d minutes\.$/)
    // The purchase page offers only the seats left.
    expect((await api.call(email, 'GET', '/products/community')).body.seatsAvailable).toBe(2)
    const fits = await order(email, 'community', 2)
    expect(fits.status).toBe(200)
    expect(await api.pay(first.body.sessionId)).toBe(303)
    expect(await api.pay(fits.body.sessionId)).toBe(303)
    expect(await stats(email)).toMatchObject({ subscription: 'Community', purchased: 5 })
    expect((await order(email, 'community', 1)).body.message).toBe('Community is limited to 5 licenses per account.')
  })

  it('counts a paid checkout whose webhook is not handled yet, and stops counting it once the seats are there', async () => {
    const email = await newPerson('Early')
    const first = await order(email, 'community', 4)
    const release = api.holdWebhooks()
    const paid = await fetch(`${api.stripeOrigin}/sandbox/checkout/${first.body.sessionId}/pay`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({}) })
    expect(paid.status).toBe(303)
    expect(await stats(email)).toMatchObject({ purchased: 0 })
    const refused = await order(email, 'community', 2)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('once its payment is recorded')
    await release()
    expect(await stats(email)).toMatchObject({ subscription: 'Community', purchased: 4 })
    expect((await order(email, 'community', 2)).status).toBe(409)
    expect((await order(email, 'community', 1)).status).toBe(200)
  })

  it('weighs orders sent at once one at a time: of five Community orders of three seats, one gets a checkout', async () => {
    const email = await newPerson('Racer')
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => order(email, 'community', 3, { 'Idempotency-Key': `race-${index}-${Date.now()}` })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409])
    const open = await api.db.query<{ quantity: number }>('select quantity from checkouts where owner_oid = $1', [`oid-${email}`])
    expect(open).toEqual([{ quantity: 3 }])
  })
})
