import { expect, it, vi } from 'vitest'
import { log } from '@/server/log'
import { origin, startApi } from '@/tests/support/server/api-harness'
import { describeOnEachDatabase } from '@/tests/support/server/database'
import { createStripeSlots } from '@/server/payments/stripe-slots'
import { ownerKey } from '@/server/payments/portal-configuration'

const generous = { readsPerSecond: 10_000, writesPerSecond: 10_000, burst: 10_000 }
const back = { successUrl: `${origin}/account/licenses?success=true`, cancelUrl: `${origin}/account/licenses?success=false` }

/**
 * The calls that reach Stripe, on a budget (decision 0022): each person's of their own, well under
 * Stripe's limits, and a cap on the requests in flight in the process; past either, 429 in words
 * with Retry-After. The API here has a budget of three such calls a person, and one slot.
 */
describeOnEachDatabase(
  'Stripe calls on a budget on $name',
  { start: (open) => startApi(open, { ...generous, stripe: { perSecond: 0.001, burst: 3 } }, createStripeSlots({ max: 1, maxWaitMs: 300 })), stop: (api) => api.close() },
  (api) => {
    it("answers a person's fourth call that reaches Stripe with 429 in words and Retry-After; their other calls, and other people's, go on", async () => {
      for (let call = 0; call < 3; call++) expect((await api.call('commercial@example.com', 'GET', '/stripe/has-default-payment-method')).status).toBe(200)
      const refused = await api.call('commercial@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial-plus&quantity=5')
      expect(refused).toMatchObject({ status: 429, body: { message: "You've made too many requests. Please wait a moment and try again." } })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect((await api.call('commercial@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl: `${origin}/account` })).status).toBe(429)
      expect((await api.call('commercial@example.com', 'GET', '/account/stats')).status).toBe(200)
      expect((await api.call('plus@example.com', 'GET', '/stripe/has-default-payment-method')).status).toBe(200)
    })

    it('waits for a free slot a moment, then answers 429 in words with Retry-After while every slot stays taken', async () => {
      const release = await api.stripeSlots.acquire()
      setTimeout(release, 100)
      expect((await api.call('full@example.com', 'GET', '/stripe/has-default-payment-method')).status, 'a slot freed in time').toBe(200)
      const held = await api.stripeSlots.acquire()
      const busy = await api.call('full@example.com', 'GET', '/stripe/create-setup-intent')
      held()
      expect(busy).toMatchObject({ status: 429, body: { message: 'Payments are busy right now. Please wait a moment and try again.' } })
      expect(busy.headers.get('retry-after')).toBe('1')
    })

    it("answers Stripe's own rate limit, still met after the SDK's retries, with 429 and Retry-After, and its failure with 503 in words", async () => {
      api.stripeFault.status = 429
      const limited = await api.call('community@example.com', 'GET', '/stripe/has-default-payment-method').finally(() => (api.stripeFault.status = null))
      expect(limited).toMatchObject({ status: 429, body: { message: 'Payments are busy right now. Please wait a moment and try again.' } })
      expect(limited.headers.get('retry-after')).toBe('1')
      api.stripeFault.status = 500
      const failed = await api.call('community@example.com', 'GET', '/stripe/has-default-payment-method').finally(() => (api.stripeFault.status = null))
      expect(failed).toMatchObject({ status: 503, body: { message: 'The payment provider could not be reached. Please try again in a moment.' } })
      expect((await api.call('community@example.com', 'GET', '/stripe/has-default-payment-method')).status).toBe(200)
    })

    it("answers Stripe's refusal of a parameter with 422 in the catalogue's words, and logs what Stripe said", async () => {
      // Kept from the test's output: the call is what is checked.
      const warnings = vi.spyOn(log, 'warn').mockImplementation(() => {})
      api.stripeFault.status = 400
      const refused = await api.call('plus@example.com', 'GET', '/stripe/has-default-payment-method').finally(() => (api.stripeFault.status = null))
      expect(refused).toMatchObject({ status: 422, body: { message: "The information provided couldn't be processed. Please check your entries and try again." } })
      expect(warnings).toHaveBeenCalledWith(
        expect.objectContaining({ stripe: { param: 'line_items[0][quantity]', code: 'parameter_invalid', message: 'Invalid integer: 9999999999999' } }),
        expect.any(String),
      )
      warnings.mockRestore()
    })

    it('leaves no checkout counted for an order that never reached Stripe', async () => {
      const held = await api.stripeSlots.acquire()
      const busy = await api.call('nolicense@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'community', quantity: 5, ...back })
      held()
      expect(busy.status).toBe(429)
      expect(await api.db.query("select 1 from checkouts where owner_oid = (select oid from accounts where email = 'nolicense@example.com')")).toEqual([])
      expect((await api.call('nolicense@example.com', 'GET', '/products/community')).body.seatsAvailable).toBe(5)
    })
  },
)

describeOnEachDatabase("the billing portal under the server's own configuration on $name", { start: (open) => startApi(open), stop: (api) => api.close() }, (api) => {
  const ours = async () => (await api.stripe.billingPortal.configurations.list({ limit: 100 })).data.filter((configuration) => configuration.metadata?.[ownerKey])
  const openPortal = async (returnUrl = `${origin}/account`) => {
    const answer = await api.call('commercial@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl })
    expect(answer.status).toBe(200)
    return (await fetch(answer.body.url)).text()
  }

  it('makes one configuration, which lets customers change their card and billing details, see invoices, cancel and resume, and change no plan or seats', async () => {
    const page = await openPortal()
    await openPortal()
    const [configuration, ...more] = await ours()
    expect(more).toEqual([])
    expect(configuration!.features).toMatchObject({
      customer_update: { enabled: true, allowed_updates: ['name', 'email', 'address', 'phone', 'tax_id'] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      subscription_pause: { enabled: false },
      subscription_update: { enabled: false },
    })
    for (const offered of ['Cancel subscription', 'Update payment method', 'Save billing details', '<h2 id="invoices-title">Invoices</h2>']) expect(page).toContain(offered)
    expect(page).not.toMatch(/quantity|Change plan/i)
  })

  it('puts its configuration back when it was changed or deactivated elsewhere (the Dashboard)', async () => {
    const [configuration] = await ours()
    await api.stripe.billingPortal.configurations.update(configuration!.id, { active: false, features: { invoice_history: { enabled: false } } })
    // (Another return address: the same request within the minute is Stripe's replay of the session before.)
    expect(await openPortal(`${origin}/account/licenses`)).toContain('<h2 id="invoices-title">Invoices</h2>')
    expect(await api.stripe.billingPortal.configurations.retrieve(configuration!.id)).toMatchObject({ active: true, features: { invoice_history: { enabled: true } } })
  })
})

/**
 * One account that keeps opening checkouts cannot starve the others' calls to Stripe (issue 48,
 * decision 0051): it has five open at most, asks Stripe only about those that refuse its order, one
 * slot at a time; the webhooks' reads have slots of their own. Stripe answers each call after 300 ms here.
 */
describeOnEachDatabase('one account flooding Stripe on $name', { start: (open) => startApi(open), stop: (api) => api.close() }, (api) => {
  const flooder = 'commercial@example.com'
  const order = (quantity: number) => ({ priceId: 'commercial', quantity, ...back })
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now()
    const result = await work()
    return { result, ms: performance.now() - started }
  }
  /** An event about a subscription the portal holds, new each time: its handling reads the subscription from Stripe. */
  const subscriptionEvent = async () => {
    const [held] = await api.db.query<{ id: string }>("select stripe_subscription_id as id from subscriptions where owner_oid = (select oid from accounts where email = 'plus@example.com')")
    return JSON.stringify({
      id: `evt_flood_${performance.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: held!.id, object: 'subscription' } },
    })
  }

  /**
   * What a call may take beyond twice its time alone: well under what waiting behind the flood would
   * cost (thirty checkouts, each asking the stand-in, 300 ms an answer), and room for a slow machine
   * running the whole suite (a second was once not enough).
   */
  const allowance = 3000

  it("leaves another account's checkout and a webhook's read within their normal time, and keeps its own checkouts open to five", async () => {
    for (let quantity = 1; quantity <= 5; quantity++) expect((await api.call(flooder, 'POST', '/stripe/create-checkout-session', order(quantity))).status).toBe(200)
    api.stripeFault.delayMs = 300
    try {
      const normal = {
        checkout: await timed(() => api.call('full@example.com', 'POST', '/stripe/create-checkout-session', order(1))),
        webhook: await timed(async () => api.deliver(await subscriptionEvent())),
      }
      expect([normal.checkout.result.status, normal.webhook.result.status]).toEqual([200, 200])
      const flood = Array.from({ length: 30 }, (_, index) => api.call(flooder, 'POST', '/stripe/create-checkout-session', order(6 + index)))
      await new Promise((resolve) => setTimeout(resolve, 50))
      const [checkout, webhook] = await Promise.all([
        timed(() => api.call('full@example.com', 'POST', '/stripe/create-checkout-session', order(2))),
        timed(async () => api.deliver(await subscriptionEvent())),
      ])
      const flooded = await Promise.all(flood)
      expect([checkout.result.status, webhook.result.status]).toEqual([200, 200])
      expect(checkout.ms, `the other account's checkout took ${Math.round(checkout.ms)} ms, alone ${Math.round(normal.checkout.ms)} ms`).toBeLessThan(normal.checkout.ms * 2 + allowance)
      expect(webhook.ms, `the webhook took ${Math.round(webhook.ms)} ms, alone ${Math.round(normal.webhook.ms)} ms`).toBeLessThan(normal.webhook.ms * 2 + allowance)
      // The flood is refused in words, Stripe asked about each of its checkouts once.
      expect(new Set(flooded.map((answer) => answer.status))).toEqual(new Set([409]))
      expect(flooded[0]!.body.message).toMatch(/^You have 5 checkouts open: complete one, or try again when it expires, within \d+ minutes\.$/)
    } finally {
      api.stripeFault.delayMs = 0
    }
  })

  it('closes checkouts past their expiry without asking Stripe, and asks only about those that refuse an order', async () => {
    const buyer = 'nolicense@example.com'
    expect((await api.call(buyer, 'POST', '/stripe/create-checkout-session', { ...order(5), priceId: 'community' })).status).toBe(200)
    // Community's five seats are in that checkout: Stripe is asked about it alone, still open, and the order refused.
    const asked = api.stripeAsked.length
    expect((await api.call(buyer, 'POST', '/stripe/create-checkout-session', { ...order(1), priceId: 'community' })).status).toBe(409)
    expect(api.stripeAsked.slice(asked)).toEqual([expect.stringMatching(/^GET \/v1\/checkout\/sessions\/cs_/)])
    // Past its expiry it no longer counts, and Stripe is not asked about it.
    await api.db.query("update checkouts set expires_at = now() - interval '10 minutes' where owner_oid = (select oid from accounts where email = $1)", [buyer])
    const later = api.stripeAsked.length
    expect((await api.call(buyer, 'POST', '/stripe/create-checkout-session', { ...order(1), priceId: 'community' })).status).toBe(200)
    expect(api.stripeAsked.slice(later), 'no checkout read, the new one made').toEqual(['POST /v1/checkout/sessions'])
  })
})
