import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSDOM } from 'jsdom'
import type { Stripe, StripeConstructor, StripeElements } from '@stripe/stripe-js'
import { createSandboxApp } from '../../server/payments/sandbox/app'
import { openPglite } from '../../server/db/database'
import { startApi, type Api } from '../api/harness'

describe('the sandbox Stripe.js', () => {
  let api: Api
  let stripe: Stripe
  let clientSecret: string
  let window: JSDOM['window']
  let document: Document

  beforeAll(async () => {
    api = await startApi(() => openPglite())
    const sandbox = createSandboxApp(api.db, async () => {})
    // A page on the site's origin; its fetch goes straight to the sandbox's app.
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://localhost:5173/account/licenses', runScripts: 'outside-only' })
    window = dom.window
    document = window.document
    ;(window as unknown as { fetch: unknown }).fetch = (input: string, init?: RequestInit) => {
      const url = new URL(input, 'https://localhost:5173')
      return sandbox.request(url.pathname + url.search, init)
    }
    window.eval(readFileSync('server/payments/sandbox/assets/stripe.js', 'utf8'))
    const Stripe = (window as unknown as { Stripe: StripeConstructor & { version: string } }).Stripe
    stripe = Stripe('pk_test_local')
    clientSecret = (await api.call('full@example.com', 'GET', '/stripe/create-setup-intent')).body.clientSecret
  })
  afterAll(() => api.close())

  it('looks like Stripe.js to @stripe/stripe-js and @stripe/react-stripe-js', () => {
    const Stripe = (window as unknown as { Stripe: { version: string } }).Stripe
    expect(Stripe.version).toBe('endive')
    const instance = stripe as unknown as Record<string, unknown>
    for (const method of ['_registerWrapper', 'registerAppInfo', 'elements', 'confirmSetup', 'retrieveSetupIntent', 'createToken', 'createPaymentMethod', 'confirmCardPayment']) expect(typeof instance[method]).toBe('function')
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
    type('Card number', '4242 4242 4242 4242')
    type('Expiration (MM / YY)', '12 / 34')
    type('Security code (CVC)', '123')
    expect(changes.at(0)).toEqual({ complete: false, empty: false })
    expect(changes.at(-1)).toEqual({ complete: true, empty: false })
  })

  it('keeps validation errors inline, as a validation_error', async () => {
    const { elements, container, type } = mount()
    type('Card number', '4242 42')
    expect(await elements.submit()).toEqual({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } })
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('Your card number is incomplete.')
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required' })
    expect(result.error?.type).toBe('validation_error')
  })

  it('confirms the setup by test card: declined, then succeeded', async () => {
    const { elements, type } = mount()
    type('Expiration (MM / YY)', '12 / 34')
    type('Security code (CVC)', '123')
    type('Card number', '4000 0000 0000 0002')
    const declined = await stripe.confirmSetup({ elements, redirect: 'if_required' })
    expect(declined.error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' })
    type('Card number', '4242 4242 4242 4242')
    const succeeded = await stripe.confirmSetup({ elements, redirect: 'if_required' })
    expect(succeeded.setupIntent).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) })
    expect((await stripe.retrieveSetupIntent(clientSecret)).setupIntent?.status).toBe('succeeded')
  })
})
