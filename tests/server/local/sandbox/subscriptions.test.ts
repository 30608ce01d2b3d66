import { describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import { databases, saveCard as saveCardWith, subscribe, useSandbox } from './harness'

const T0 = 1_798_761_600 // 1 January 2027, 00:00 UTC
const END = 1_830_297_600 // 1 January 2028
const NEXT_END = 1_861_920_000 // 1 January 2029
const DAY = 86_400

describe.each(databases)('subscriptions in the sandbox on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  const saveCard = (customer: string, number: string) => saveCardWith(sandbox(), customer, number)

  const eventsFor = async (id: string) =>
    (await sandbox().delivered()).filter((event) => (event.data.object as { id: string; subscription?: string; parent?: unknown }).id === id || JSON.stringify(event.data.object).includes(`"${id}"`))

  it('completes a checkout: subscription with one item for a year, a paid invoice, the session complete, and its events in order', async () => {
    const t = sandbox()
    const { session, subscription, customer, paid } = await subscribe(t, { quantity: 2, frozenTime: T0 })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`https://localhost:5173/account/licenses?success=true&session_id=${session.id}`)
    expect(session).toMatchObject({
      url: null,
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      client_reference_id: 'oid-1',
      amount_total: 59_800,
      metadata: { accountOid: 'oid-1' },
      mode: 'subscription',
    })
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { accountOid: 'oid-1' },
      cancel_at_period_end: false,
      start_date: T0,
      test_clock: expect.stringMatching(/^clock_/),
    })
    const item = subscription!.items.data[0]!
    expect(item).toMatchObject({ object: 'subscription_item', quantity: 2, current_period_start: T0, current_period_end: END, price: { id: 'commercial', unit_amount: 29_900 } })
    const invoice = await t.stripe.invoices.retrieve(String(subscription!.latest_invoice))
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_due: 59_800,
      amount_paid: 59_800,
      total: 59_800,
      customer: customer.id,
      parent: { subscription_details: { subscription: subscription!.id } },
    })
    const types = (await eventsFor(subscription!.id)).map((event) => event.type)
    expect(types).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'])
    // Paying again only redirects.
    const again = await t.submit(`/sandbox/checkout/${session.id}/pay`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })
    expect(again.status).toBe(303)
    expect((await t.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1)
  })

  it('creates a second subscription on a second checkout, and lists them by status', async () => {
    const t = sandbox()
    const first = await subscribe(t, { quantity: 1 })
    const session = await t.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: first.customer.id,
      line_items: [{ price: 'commercial-plus', quantity: 3 }],
      success_url: 'https://x.test/ok?s={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://x.test/no',
    })
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', subscription: null, url: `${t.origin}/sandbox/checkout/${session.id}`, expires_at: session.created + 86_400 })
    expect((await t.submit(`/sandbox/checkout/${session.id}/pay`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).headers.get('location')).toBe(`https://x.test/ok?s=${session.id}`)
    const listed = await t.stripe.subscriptions.list({ customer: first.customer.id })
    expect(listed.data.map((subscription) => [subscription.items.data[0]!.price.id, subscription.items.data[0]!.quantity])).toEqual([
      ['commercial-plus', 3],
      ['commercial', 1],
    ])
    const canceled = await t.stripe.subscriptions.cancel(first.subscription!.id)
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) })
    expect((await t.stripe.subscriptions.list({ customer: first.customer.id })).data).toHaveLength(1)
    expect((await t.stripe.subscriptions.list({ customer: first.customer.id, status: 'all' })).data).toHaveLength(2)
    expect((await t.stripe.subscriptions.list({ customer: first.customer.id, status: 'canceled' })).data.map((subscription) => subscription.id)).toEqual([first.subscription!.id])
    const types = (await eventsFor(first.subscription!.id)).map((event) => event.type)
    expect(types.at(-1)).toBe('customer.subscription.deleted')
    await expect(t.stripe.subscriptions.update(first.subscription!.id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 })
  })

  it('previews a plan and seat change at exactly what the always_invoice update charges', async () => {
    const t = sandbox()
    const { subscription, clock, customer } = await subscribe(t, { quantity: 2, frozenTime: T0 })
    const at = T0 + 100 * DAY
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: at })
    const item = subscription!.items.data[0]!
    const preview = await t.stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription!.id,
      subscription_details: { items: [{ id: item.id, price: 'commercial-plus', quantity: 3 }], proration_behavior: 'always_invoice', proration_date: at },
    })
    expect(preview.lines.data.map((line) => line.amount)).toEqual([-43_416, 108_686])
    expect(preview.amount_due).toBe(65_270)
    expect(preview.total).toBe(65_270)
    const updated = await t.stripe.subscriptions.update(subscription!.id, {
      items: [{ id: item.id, price: 'commercial-plus', quantity: 3 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    })
    expect(updated.items.data[0]).toMatchObject({ id: item.id, quantity: 3, price: { id: 'commercial-plus' }, current_period_end: END })
    const invoice = await t.stripe.invoices.retrieve(String(updated.latest_invoice))
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_due: 65_270, amount_paid: 65_270 })
    const invoices = await t.stripe.invoices.list({ subscription: subscription!.id })
    expect(invoices.data.map((candidate) => candidate.amount_paid)).toEqual([65_270, 59_800])
    const updatedEvent = (await eventsFor(subscription!.id)).find((event) => event.type === 'customer.subscription.updated') as Stripe.CustomerSubscriptionUpdatedEvent
    expect(updatedEvent.data.previous_attributes?.items?.data[0]).toMatchObject({ quantity: 2, price: { id: 'commercial' } })
    expect(updatedEvent.data.object.items.data[0]!.quantity).toBe(3)
  })

  it('keeps the subscription unchanged when error_if_incomplete meets a failing card (0341)', async () => {
    const t = sandbox()
    const { subscription, customer } = await subscribe(t, { quantity: 2 })
    const failing = await saveCard(customer.id, '4000000000000341')
    const item = subscription!.items.data[0]!
    const error = await t.stripe.subscriptions
      .update(subscription!.id, {
        items: [{ id: item.id, price: 'commercial-plus', quantity: 2 }],
        default_payment_method: failing,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
    const unchanged = await t.stripe.subscriptions.retrieve(subscription!.id)
    expect(unchanged.items.data[0]).toMatchObject({ quantity: 2, price: { id: 'commercial' } })
    expect(unchanged.default_payment_method).toBe(subscription!.default_payment_method)
    expect((await t.stripe.invoices.list({ subscription: subscription!.id })).data).toHaveLength(1)
  })

  it('upgrades a free subscription with a card saved by a setup intent; 0341 fails, 4242 pays', async () => {
    const t = sandbox()
    const { subscription, customer, session } = await subscribe(t, { priceId: 'community', quantity: 1 })
    expect(session.payment_status).toBe('no_payment_required')
    expect(subscription!.default_payment_method).toBeNull()
    expect((await t.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toHaveLength(0)
    const item = subscription!.items.data[0]!
    const upgrade = () =>
      t.stripe.subscriptions.update(subscription!.id, { items: [{ id: item.id, price: 'commercial', quantity: 1 }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' })
    await expect(upgrade()).rejects.toMatchObject({ statusCode: 400, message: 'This customer has no attached payment source or default payment method.' })
    await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: await saveCard(customer.id, '4000000000000341') } })
    await expect(upgrade()).rejects.toMatchObject({ statusCode: 402, code: 'card_declined' })
    await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: await saveCard(customer.id, '4242424242424242') } })
    const upgraded = await upgrade()
    const invoice = await t.stripe.invoices.retrieve(String(upgraded.latest_invoice))
    expect(invoice.status).toBe('paid')
    expect(invoice.amount_paid).toBeGreaterThan(29_800)
    expect(invoice.amount_paid).toBeLessThanOrEqual(29_900)
  })

  it('sets and unsets cancel_at_period_end, with metadata, each an update event', async () => {
    const t = sandbox()
    const { subscription } = await subscribe(t, { frozenTime: T0 })
    const canceling = await t.stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true, metadata: { reason: 'test' } })
    expect(canceling).toMatchObject({ cancel_at_period_end: true, cancel_at: END, status: 'active', metadata: { accountOid: 'oid-1', reason: 'test' } })
    const resumed = await t.stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: false })
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null })
    const updates = (await eventsFor(subscription!.id)).filter((event) => event.type === 'customer.subscription.updated') as Stripe.CustomerSubscriptionUpdatedEvent[]
    expect(updates.map((event) => event.data.previous_attributes?.cancel_at_period_end)).toEqual([false, true])
  })

  it('renews on a test clock: a new period, a paid invoice and the events', async () => {
    const t = sandbox()
    const { subscription, clock } = await subscribe(t, { quantity: 2, frozenTime: T0 })
    const advanced = await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + DAY })
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: END + DAY })
    expect(await t.stripe.testHelpers.testClocks.retrieve(clock!.id)).toMatchObject({ status: 'ready', frozen_time: END + DAY })
    const renewed = await t.stripe.subscriptions.retrieve(subscription!.id)
    expect(renewed.status).toBe('active')
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: END, current_period_end: NEXT_END })
    const invoice = await t.stripe.invoices.retrieve(String(renewed.latest_invoice))
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 59_800, created: END })
    const events = await eventsFor(subscription!.id)
    expect(events.slice(-2).map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid'])
    expect(events.at(-2)!.request).toEqual({ id: null, idempotency_key: null })
    await expect(t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: T0 })).rejects.toMatchObject({ statusCode: 400, param: 'frozen_time' })
  })

  it('leaves a renewal that a 0341 card fails past_due, with invoice.payment_failed, through the retries', async () => {
    const t = sandbox()
    const { subscription, clock, customer } = await subscribe(t, { quantity: 1, frozenTime: T0 })
    const failing = await saveCard(customer.id, '4000000000000341')
    await t.stripe.subscriptions.update(subscription!.id, { default_payment_method: failing })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + 60 })
    const pastDue = await t.stripe.subscriptions.retrieve(subscription!.id)
    expect(pastDue.status).toBe('past_due')
    const invoice = await t.stripe.invoices.retrieve(String(pastDue.latest_invoice))
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', amount_due: 29_900, amount_paid: 0, attempt_count: 1, next_payment_attempt: END + 3 * DAY })
    const events = await eventsFor(subscription!.id)
    expect(events.slice(-2).map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed'])
    expect((events.at(-2) as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes?.status).toBe('active')
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + 30 * DAY })
    expect((await t.stripe.subscriptions.retrieve(subscription!.id)).status).toBe('past_due')
    expect(await t.stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null })
  })

  it('cancels at the period end when the clock passes it', async () => {
    const t = sandbox()
    const { subscription, clock } = await subscribe(t, { frozenTime: T0 })
    await t.stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + 10 })
    const ended = await t.stripe.subscriptions.retrieve(subscription!.id)
    expect(ended).toMatchObject({ status: 'canceled', ended_at: END, cancel_at_period_end: true })
    expect((await t.stripe.invoices.list({ subscription: subscription!.id })).data).toHaveLength(1)
    expect((await eventsFor(subscription!.id)).at(-1)!.type).toBe('customer.subscription.deleted')
  })

  it('adds create_prorations to the next renewal, and charges nothing now with none', async () => {
    const t = sandbox()
    const { subscription, clock } = await subscribe(t, { quantity: 2, frozenTime: T0 })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: T0 + 100 * DAY })
    const item = subscription!.items.data[0]!
    const later = await t.stripe.subscriptions.update(subscription!.id, { items: [{ id: item.id, quantity: 3 }], proration_behavior: 'create_prorations' })
    expect(later.latest_invoice).toBe(subscription!.latest_invoice)
    expect(later.items.data[0]!.quantity).toBe(3)
    // 265 of 365 days left: -round(59800 × 265/365) + round(89700 × 265/365) = -43416 + 65125
    const preview = await t.stripe.invoices.createPreview({ customer: String(subscription!.customer), subscription: subscription!.id })
    expect(preview.lines.data.map((line) => line.amount)).toEqual([-43_416, 65_125, 89_700])
    expect(preview.amount_due).toBe(111_409)
    await t.stripe.subscriptions.update(subscription!.id, { items: [{ id: item.id, quantity: 4 }], proration_behavior: 'none' })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + 60 })
    const renewed = await t.stripe.subscriptions.retrieve(subscription!.id, { expand: ['latest_invoice'] })
    const invoice = renewed.latest_invoice as Stripe.Invoice
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([-43_416, 65_125, 119_600])
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 141_309, billing_reason: 'subscription_cycle' })
    await expect(t.stripe.subscriptions.update(subscription!.id, { items: [{ price: 'commercial-plus' }] })).rejects.toMatchObject({ statusCode: 400, param: 'items[0][id]' })
    await expect(t.stripe.subscriptions.update(subscription!.id, { items: [{ id: 'si_other', quantity: 1 }] })).rejects.toMatchObject({ statusCode: 400, param: 'items[0][id]' })
  })

  it('expires an open checkout session after 24 hours, or on request', async () => {
    const t = sandbox()
    const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: T0 })
    const customer = await t.stripe.customers.create({ email: 'late@example.com', test_clock: clock.id })
    const create = () =>
      t.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'commercial', quantity: 1 }],
        success_url: 'https://x.test/ok',
        cancel_url: 'https://x.test/no',
      })
    const session = await create()
    expect(session.expires_at).toBe(T0 + DAY)
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + DAY + 1 })
    expect(await t.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null })
    const page = await fetch(`${t.origin}/sandbox/checkout/${session.id}`)
    expect(page.status).toBe(410)
    expect(await page.text()).toContain('This checkout session has expired')
    const other = await create()
    expect(await t.stripe.checkout.sessions.expire(other.id)).toMatchObject({ status: 'expired' })
    await expect(t.stripe.checkout.sessions.expire(other.id)).rejects.toMatchObject({ statusCode: 400 })
    expect((await t.delivered()).filter((event) => event.type === 'checkout.session.expired').map((event) => (event.data.object as Stripe.Checkout.Session).id)).toEqual([session.id, other.id])
  })

  it('creates a subscription with POST /v1/subscriptions, charging the given card', async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'direct@example.com' })
    const card = await saveCard(customer.id, '4242424242424242')
    const subscription = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'commercial-plus', quantity: 2 }],
      default_payment_method: card,
      payment_behavior: 'error_if_incomplete',
    })
    expect(subscription).toMatchObject({ status: 'active', default_payment_method: card })
    expect(await t.stripe.invoices.retrieve(String(subscription.latest_invoice))).toMatchObject({ status: 'paid', amount_paid: 99_800 })
    const failing = await saveCard(customer.id, '4000000000000341')
    await expect(
      t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'commercial' }], default_payment_method: failing, payment_behavior: 'error_if_incomplete' }),
    ).rejects.toMatchObject({ statusCode: 402, code: 'card_declined' })
    expect((await t.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1)
  })

  it('creates a billing portal session with its hosted url', async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'portal@example.com' })
    const session = await t.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'https://localhost:5173/account' })
    expect(session).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: 'https://localhost:5173/account', url: `${t.origin}/sandbox/portal/${session.id}` })
  })
})
