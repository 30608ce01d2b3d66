import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { databases, goodCard, secretKey, subscribe, useSandbox } from './harness'

const T0 = 1_798_761_600 // 1 January 2027, 00:00 UTC

describe.each(databases)('the hosted checkout and portal on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  async function checkout(quantity = 2, priceId = 'commercial') {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'cara@example.com', name: 'Cara Commercial' })
    return t.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: priceId, quantity }],
      success_url: 'https://localhost:5173/account/licenses?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://localhost:5173/account/licenses?success=false',
      payment_method_collection: 'if_required',
    })
  }
  const page = async (path: string) => {
    const t = sandbox()
    const response = await fetch(`${t.origin}${path}`, { redirect: 'manual' })
    return { status: response.status, location: response.headers.get('location'), text: await response.text() }
  }

  it("links the stand-ins' one stylesheet, which it serves", async () => {
    const t = sandbox()
    const session = await checkout()
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec((await page(new URL(session.url!).pathname)).text)![1]!
    expect(href).toBe('/sandbox/assets/stand-in.css')
    const stylesheet = await fetch(`${t.origin}${href}`)
    expect(stylesheet.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await stylesheet.text()).toBe(readFileSync('server/local/assets/stand-in.css', 'utf8'))
  })

  it('shows the order summary and an accessible card form', async () => {
    const session = await checkout(3)
    const { status, text } = await page(new URL(session.url!).pathname)
    expect(status).toBe(200)
    for (const expected of [
      '<h1>Checkout</h1>',
      'Order summary',
      '<dd>Commercial</dd>',
      '<dd>3</dd>',
      '$299.00 per year',
      '$897.00, billed annually',
      '<label for="card-number">Card number</label>',
      'Pay $897.00',
      'Cancel',
    ])
      expect(text).toContain(expected)
  })

  it('pays with 4242 and redirects 303 to the success address with the session id', async () => {
    const t = sandbox()
    const session = await checkout(2)
    const paid = await t.submit(`/sandbox/checkout/${session.id}/pay`, goodCard)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`https://localhost:5173/account/licenses?success=true&session_id=${session.id}`)
    expect((await page(`/sandbox/checkout/${session.id}`)).location).toBe(`https://localhost:5173/account/licenses?success=true&session_id=${session.id}`)
    const completed = await t.stripe.checkout.sessions.retrieve(session.id)
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer_details: { email: 'cara@example.com', name: 'Cara Commercial' } })
  })

  it.each([
    ['4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
    ['4000 0000 0000 0341', 402, 'Your card was declined.'],
    ['4242 4242', 422, 'Your card number is incomplete.'],
    ['4242 4242 4242 4241', 422, 'Your card number is invalid.'],
  ])('refuses %s with %i and "%s", keeping the other values', async (number, status, message) => {
    const t = sandbox()
    const session = await checkout(1)
    const refused = await t.submit(`/sandbox/checkout/${session.id}/pay`, { ...goodCard, number })
    expect(refused.status).toBe(status)
    const text = await refused.text()
    expect(text).toContain(message.replace(/'/g, '&#39;'))
    expect(text).toContain('value="Cara Commercial"')
    expect(text).toContain('value="12 / 34"')
    // The branch is the case's: a declined card is an alert, a malformed number the field's error.
    if (status === 402) expect(text).toContain('role="alert"')
    else expect(text).toContain('aria-invalid="true" aria-describedby="card-number-error"')
    expect(await t.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', payment_status: 'unpaid', subscription: null })
  })

  it('pays a session once when two payments race', async () => {
    const t = sandbox()
    const session = await checkout(2)
    const answers = await Promise.all([0, 1, 2].map(() => t.submit(`/sandbox/checkout/${session.id}/pay`, goodCard)))
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303])
    expect((await t.stripe.subscriptions.list({ customer: String(session.customer), status: 'all' })).data).toHaveLength(1)
    expect((await t.stripe.invoices.list({ customer: String(session.customer) })).data).toHaveLength(1)
    expect((await t.stripe.paymentMethods.list({ customer: String(session.customer), type: 'card' })).data).toHaveLength(1)
  })

  it('keeps no payment method from a free order, as Stripe does with if_required', async () => {
    const t = sandbox()
    const session = await checkout(1, 'community')
    expect((await t.submit(`/sandbox/checkout/${session.id}/pay`, goodCard)).status).toBe(303)
    const completed = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] })
    expect(completed.payment_status).toBe('no_payment_required')
    expect((completed.subscription as Stripe.Subscription).default_payment_method).toBeNull()
    expect((await t.stripe.paymentMethods.list({ customer: String(completed.customer), type: 'card' })).data).toEqual([])
  })

  it('cancels back to the cancel address, and answers 404 for an unknown session', async () => {
    const t = sandbox()
    const session = await checkout(1)
    const cancelled = await t.submit(`/sandbox/checkout/${session.id}/cancel`)
    expect(cancelled.status).toBe(303)
    expect(cancelled.headers.get('location')).toBe('https://localhost:5173/account/licenses?success=false')
    expect((await page('/sandbox/checkout/cs_test_unknown')).status).toBe(404)
    expect((await page('/sandbox/portal/bps_unknown')).status).toBe(404)
  })

  it('shows the portal, and cancels then renews a subscription there', async () => {
    const t = sandbox()
    const { customer, subscription } = await subscribe(t, { quantity: 5, frozenTime: T0 })
    await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: String(subscription!.default_payment_method) } })
    const portal = await t.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'https://localhost:5173/account/profile' })
    const path = new URL(portal.url).pathname
    const shown = (await page(path)).text
    for (const expected of [
      '<h1>Billing portal</h1>',
      '<dd>Commercial</dd>',
      '<dd>5</dd>',
      '<dd>Active</dd>',
      '<dt>Renews on</dt><dd>January 1, 2028</dd>',
      'VISA ending in 4242, expires 12/2034',
      'January 1, 2027',
      '$1,495.00',
      '<td>paid</td>',
      'Cancel subscription',
      'href="https://localhost:5173/account/profile"',
      'Return to site',
    ]) {
      expect(shown).toContain(expected)
    }
    expect(shown).not.toContain('Renew subscription')
    const cancel = await t.submit(`${path}/subscriptions/${subscription!.id}/cancel`)
    expect(cancel.status).toBe(303)
    expect(cancel.headers.get('location')).toBe(path)
    expect((await t.stripe.subscriptions.retrieve(subscription!.id)).cancel_at_period_end).toBe(true)
    const canceling = (await page(path)).text
    expect(canceling).toContain('<dt>Cancels on</dt><dd>January 1, 2028</dd>')
    expect(canceling).toContain('Renew subscription')
    expect(canceling).not.toContain('Cancel subscription')
    await t.submit(`${path}/subscriptions/${subscription!.id}/renew`)
    expect((await t.stripe.subscriptions.retrieve(subscription!.id)).cancel_at_period_end).toBe(false)
    const events = (await t.delivered()).filter(
      (event) => event.type === 'customer.subscription.updated' && (event.data.object as Stripe.Subscription).id === subscription!.id,
    ) as Stripe.CustomerSubscriptionUpdatedEvent[]
    expect(events.map((event) => [event.data.object.cancel_at_period_end, event.data.previous_attributes?.cancel_at_period_end])).toEqual([
      [true, false],
      [false, true],
    ])
    // Another customer's subscription cannot be changed from this portal.
    const stranger = await subscribe(t, { quantity: 1 })
    expect((await t.submit(`${path}/subscriptions/${stranger.subscription!.id}/cancel`)).status).toBe(404)
  })

  it('shows an ended subscription as ended, without buttons', async () => {
    const t = sandbox()
    const { customer, subscription } = await subscribe(t, { quantity: 1, frozenTime: T0 })
    await t.stripe.subscriptions.cancel(subscription!.id)
    const portal = await t.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'https://localhost:5173/account' })
    const text = (await page(new URL(portal.url).pathname)).text
    expect(text).toContain('<dd>Canceled</dd><dt>Ended on</dt><dd>January 1, 2027</dd>')
    expect(text).not.toContain('Cancel subscription')
    expect(text).not.toContain('Renew subscription')
  })

  it('serves its Stripe.js without the secret key', async () => {
    const t = sandbox()
    const script = await fetch(`${t.origin}/sandbox/stripe.js`)
    expect(script.headers.get('content-type')).toContain('javascript')
    const text = await script.text()
    expect(text).toContain('window.Stripe = Stripe')
    expect(text).toContain("'/v1/setup_intents/'")
    expect(text).not.toContain(secretKey)
    expect(text).not.toContain('sk_test')
  })
})
