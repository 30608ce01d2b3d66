import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSDOM } from 'jsdom'
import type { Stripe, StripeConstructor, StripeElements } from '@stripe/stripe-js'
import { databases, publishableKey, startSandbox, type TestSandbox } from './harness'

describe('the sandbox Stripe.js', () => {
  let t: TestSandbox
  let stripe: Stripe
  let clientSecret: string
  let intentId: string
  let customerId: string
  let window: JSDOM['window']
  let document: Document
  const requests: { url: string; method: string; authorization: string | null; contentType: string | null; body: string }[] = []

  beforeAll(async () => {
    t = await startSandbox(databases[0]!.open)
    // A page on the site's origin; the sandbox is mounted at the root of that origin.
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://localhost:5173/account/licenses', runScripts: 'outside-only' })
    window = dom.window
    document = window.document
    ;(window as unknown as { fetch: unknown }).fetch = (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'https://localhost:5173')
      const headers = new Headers(init.headers)
      requests.push({
        url: url.pathname + url.search,
        method: init.method ?? 'GET',
        authorization: headers.get('authorization'),
        contentType: headers.get('content-type'),
        body: String(init.body ?? ''),
      })
      return fetch(`${t.origin}${url.pathname}${url.search}`, init)
    }
    window.eval(readFileSync('server/local/sandbox/assets/stripe.js', 'utf8'))
    const Stripe = (window as unknown as { Stripe: StripeConstructor & { version: string } }).Stripe
    stripe = Stripe(publishableKey)
    const customer = await t.stripe.customers.create({ email: 'full@example.com' })
    customerId = customer.id
    const intent = await t.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] })
    clientSecret = intent.client_secret!
    intentId = intent.id
  })
  afterAll(() => t.close())

  it('looks like Stripe.js to @stripe/stripe-js and @stripe/react-stripe-js', () => {
    const Stripe = (window as unknown as { Stripe: { version: string } }).Stripe
    expect(Stripe.version).toBe('endive')
    const instance = stripe as unknown as Record<string, unknown>
    for (const method of ['_registerWrapper', 'registerAppInfo', 'elements', 'confirmSetup', 'retrieveSetupIntent', 'createToken', 'createPaymentMethod', 'confirmCardPayment'])
      expect(typeof instance[method]).toBe('function')
  })

  function mount() {
    const elements = stripe.elements({ clientSecret }) as StripeElements
    const element = elements.create('payment')
    const container = document.createElement('div')
    document.body.appendChild(container)
    const changes: { complete: boolean; empty: boolean }[] = []
    element.on('change', (event) => changes.push({ complete: event.complete, empty: event.empty }))
    element.mount(container)
    const type = (label: string, value: string) => {
      const labelElement = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent === label)!
      const input = container.querySelector<HTMLInputElement>(`#${labelElement.htmlFor}`)!
      input.value = value
      input.dispatchEvent(new window.Event('input'))
    }
    return { elements, element, container, changes, type }
  }

  it('renders an accessible card form and reports changes as the user types', () => {
    const { container, changes, type } = mount()
    expect([...container.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['Card number', 'Expiration (MM / YY)', 'Security code (CVC)'])
    expect(container.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Card details')
    type('Card number', '4242 4242 4242 4242')
    type('Expiration (MM / YY)', '12 / 34')
    type('Security code (CVC)', '123')
    expect(changes.at(0)).toEqual({ complete: false, empty: false })
    expect(changes.at(-1)).toEqual({ complete: true, empty: false })
  })

  it('keeps validation errors inline, as a validation_error, without calling the API', async () => {
    const { elements, container, type } = mount()
    type('Card number', '4242 42')
    const before = requests.length
    expect(await elements.submit()).toEqual({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } })
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('Your card number is incomplete.')
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required' })
    expect(result.error?.type).toBe('validation_error')
    expect(requests.length).toBe(before)
  })

  it("confirms the setup through Stripe's API with the publishable key: declined, then succeeded", async () => {
    const { elements, type } = mount()
    type('Expiration (MM / YY)', '12 / 34')
    type('Security code (CVC)', '123')
    type('Card number', '4000 0000 0000 0002')
    const declined = await stripe.confirmSetup({ elements, redirect: 'if_required' })
    expect(declined.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
    const call = requests.at(-1)!
    expect(call).toMatchObject({ url: `/v1/setup_intents/${intentId}/confirm`, method: 'POST', authorization: `Bearer ${publishableKey}`, contentType: 'application/x-www-form-urlencoded' })
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4000000000000002',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
      'payment_method_data[card][cvc]': '123',
    })
    type('Card number', '4000 0000 0000 9995')
    expect((await stripe.confirmSetup({ elements, redirect: 'if_required' })).error).toMatchObject({
      type: 'card_error',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
    type('Card number', '4242 4242 4242 4242')
    const succeeded = await stripe.confirmSetup({ elements, redirect: 'if_required' })
    expect(succeeded.setupIntent).toMatchObject({ id: intentId, status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) })
    const retrieved = await stripe.retrieveSetupIntent(clientSecret)
    expect(retrieved.setupIntent?.status).toBe('succeeded')
    expect(requests.at(-1)).toMatchObject({ url: `/v1/setup_intents/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`, method: 'GET', authorization: `Bearer ${publishableKey}` })
    // The card is the customer's now, as the server sees it with the secret key.
    const methods = await t.stripe.paymentMethods.list({ customer: customerId, type: 'card' })
    expect(methods.data.map((method) => method.card?.last4)).toEqual(['4242'])
  })

  it('answers a wrong client secret with an error', async () => {
    const retrieved = await stripe.retrieveSetupIntent(`${intentId}_secret_wrong`)
    expect(retrieved.error).toMatchObject({ type: 'invalid_request_error', param: 'client_secret' })
  })
})
