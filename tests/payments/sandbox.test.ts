import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fulfillPurchase } from '../../server/accounts/license-store'
import { createSandboxApp } from '../../server/payments/sandbox/app'
import type { CompletedCheckout } from '../../server/payments/gateway'
import { databases, origin, startApi, type Api } from '../api/harness'

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
const good = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Cara Commercial' }

describe.each(databases)('payment sandbox on $name', ({ open }) => {
  let api: Api
  let sandbox: ReturnType<typeof createSandboxApp>
  const fulfilled: CompletedCheckout[] = []
  beforeAll(async () => {
    api = await startApi(open)
    sandbox = createSandboxApp(api.db, async (checkout) => {
      fulfilled.push(checkout)
      await fulfillPurchase(api.db, { ...checkout, ownerOid: checkout.accountId })
    })
  })
  afterAll(() => api.close())

  async function checkout(quantity = 2) {
    const answer = await api.call('commercial@example.com', 'POST', '/stripe/create-checkout-session', {
      priceId: 'commercial',
      quantity,
      successUrl: `${origin}/account/licenses?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/account/licenses?success=false`,
    })
    return answer.body as { sessionId: string; url: string }
  }

  it('shows the order summary and a card form', async () => {
    const { sessionId } = await checkout(3)
    const page = await (await sandbox.request(`/sandbox/checkout/${sessionId}`)).text()
    for (const text of ['Order summary', 'Commercial', '$299.00 per year', '$897.00, billed annually', 'Card number', 'Pay $897.00', 'Cancel']) expect(page).toContain(text)
  })

  it('pays with 4242: fulfils once, then returns to the success address with the session id', async () => {
    const { sessionId } = await checkout(2)
    const paid = await sandbox.request(`/sandbox/checkout/${sessionId}/pay`, form(good))
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`${origin}/account/licenses?success=true&session_id=${sessionId}`)
    const again = await sandbox.request(`/sandbox/checkout/${sessionId}/pay`, form(good))
    expect(again.status).toBe(303)
    expect(fulfilled.filter((checkout) => checkout.sessionId === sessionId)).toHaveLength(1)
    expect((await api.call('commercial@example.com', 'GET', '/account/stats/')).body.purchased).toBe(7)
  })

  it('keeps no payment method from a free order, as Stripe does for a $0 subscription', async () => {
    const answer = await api.call('nolicense@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'community', quantity: 1, successUrl: `${origin}/account`, cancelUrl: `${origin}/account` })
    expect((await sandbox.request(`/sandbox/checkout/${answer.body.sessionId}/pay`, form(good))).status).toBe(303)
    expect((await api.call('nolicense@example.com', 'GET', '/account/stats/')).body).toMatchObject({ subscription: 'Community', purchased: 1 })
    expect((await api.call('nolicense@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: false, card: null })
  })

  it.each([
    ['4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['4000 0000 0000 9995', 402, 'Your card has insufficient funds.'],
    ['4242 4242', 422, 'Your card number is incomplete.'],
    ['4242 4242 4242 4241', 422, 'Your card number is invalid.'],
  ])('refuses %s with %i and "%s", keeping the other values', async (number, status, message) => {
    const { sessionId } = await checkout(1)
    const refused = await sandbox.request(`/sandbox/checkout/${sessionId}/pay`, form({ ...good, number }))
    expect(refused.status).toBe(status)
    const page = await refused.text()
    expect(page).toContain(message.replace(/'/g, '&#39;'))
    expect(page).toContain('value="Cara Commercial"')
    expect(fulfilled.some((checkout) => checkout.sessionId === sessionId)).toBe(false)
  })

  it('cancels back to the cancel address, and answers 404 for an unknown session', async () => {
    const { sessionId } = await checkout(1)
    const cancelled = await sandbox.request(`/sandbox/checkout/${sessionId}/cancel`, { method: 'POST' })
    expect(cancelled.headers.get('location')).toBe(`${origin}/account/licenses?success=false`)
    expect((await sandbox.request('/sandbox/checkout/cs_test_unknown')).status).toBe(404)
  })

  it('shows the customer portal with plan, seats, renewal, card and invoices, and the way back', async () => {
    const { url } = (await api.call('commercial@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl: `${origin}/account/profile` })).body
    const page = await (await sandbox.request(new URL(url).pathname)).text()
    for (const text of ['Billing portal', 'Commercial', 'Renews on', 'VISA ending in 4242, expires 12/2030', 'Invoices', 'paid', `href="${origin}/account/profile"`, 'Return to site']) expect(page).toContain(text)
  })

  it('confirms a setup intent by test card, and saves its card as the default', async () => {
    const { clientSecret } = (await api.call('full@example.com', 'GET', '/stripe/create-setup-intent')).body
    const intentId = clientSecret.split('_secret_')[0]
    const confirm = (number: string, secret = clientSecret) =>
      sandbox.request(`/sandbox/v1/setup_intents/${intentId}/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_secret: secret, card: { ...good, number } }) })
    expect((await confirm('4242 4242 4242 4242', 'seti_wrong_secret_x')).status).toBe(404)
    const declined = await confirm('4000 0000 0000 0002')
    expect(declined.status).toBe(402)
    expect(await declined.json()).toEqual({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } })
    const incomplete = await confirm('4242')
    expect((await incomplete.json()).error).toMatchObject({ type: 'validation_error', message: 'Your card number is incomplete.' })
    const succeeded = await (await confirm('4242 4242 4242 4242')).json()
    expect(succeeded).toMatchObject({ id: intentId, status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) })
    expect((await api.call('full@example.com', 'POST', '/stripe/save-default-payment-method', { paymentMethodId: succeeded.payment_method })).status).toBe(200)
    expect((await api.call('full@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: true, card: { brand: 'visa', last4: '4242' } })
    expect((await api.call('full@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 2 })).status).toBe(200)
  })

  it('serves its Stripe.js', async () => {
    const script = await sandbox.request('/sandbox/stripe.js')
    expect(script.headers.get('content-type')).toContain('javascript')
    expect(await script.text()).toContain('window.Stripe = Stripe')
  })

  it('restores the demo customers with the database reset', async () => {
    expect((await api.db.query('select id from sandbox_customers order by id')).map((row) => (row as { id: string }).id)).toEqual(expect.arrayContaining(['cus_demo_commercial', 'cus_demo_full', 'cus_demo_plus']))
  })
})
