import { describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import { databases, publishableKey, secretKey, subscribe, useSandbox } from './harness'

describe.each(databases)('the sandbox REST API on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  it('creates, retrieves, updates and lists customers', async () => {
    const t = sandbox()
    const created = await t.stripe.customers.create({ email: 'ann@example.com', name: 'Ann Example', metadata: { accountOid: 'oid-ann' } })
    expect(created).toMatchObject({
      object: 'customer',
      email: 'ann@example.com',
      name: 'Ann Example',
      metadata: { accountOid: 'oid-ann' },
      livemode: false,
      test_clock: null,
      invoice_settings: { default_payment_method: null },
    })
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/)
    const retrieved = await t.stripe.customers.retrieve(created.id)
    expect(retrieved).toEqual(created)
    const updated = await t.stripe.customers.update(created.id, { name: 'Ann Other', metadata: { plan: 'x' } })
    expect(updated).toMatchObject({ name: 'Ann Other', metadata: { accountOid: 'oid-ann', plan: 'x' } })
    const cleared = await t.stripe.customers.update(created.id, { metadata: { plan: '' } })
    expect(cleared.metadata).toEqual({ accountOid: 'oid-ann' })
    const found = await t.stripe.customers.list({ email: 'ann@example.com' })
    expect(found.object).toBe('list')
    expect(found.url).toBe('/v1/customers')
    expect(found.data.map((customer) => customer.id)).toEqual([created.id])
  })

  it('pages lists newest first with limit and starting_after', async () => {
    const t = sandbox()
    const email = 'pages@example.com'
    const ids: string[] = []
    for (let index = 0; index < 5; index++) ids.push((await t.stripe.customers.create({ email })).id)
    const first = await t.stripe.customers.list({ email, limit: 2 })
    expect(first.data.map((customer) => customer.id)).toEqual([ids[4], ids[3]])
    expect(first.has_more).toBe(true)
    const second = await t.stripe.customers.list({ email, limit: 2, starting_after: ids[3] })
    expect(second.data.map((customer) => customer.id)).toEqual([ids[2], ids[1]])
    const last = await t.stripe.customers.list({ email, limit: 2, starting_after: ids[1] })
    expect(last.data.map((customer) => customer.id)).toEqual([ids[0]])
    expect(last.has_more).toBe(false)
    const all: string[] = []
    for await (const customer of t.stripe.customers.list({ email, limit: 2 })) all.push(customer.id)
    expect(all).toEqual([...ids].reverse())
    await expect(t.stripe.customers.list({ limit: 101 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'limit' })
  })

  it("answers an unknown id with Stripe's 404 resource_missing", async () => {
    const t = sandbox()
    const error = await t.stripe.customers.retrieve('cus_missing').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_missing'" })
    await expect(t.stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ statusCode: 404, message: "No such subscription: 'sub_missing'" })
  })

  it('answers a bad parameter with 400 and the param', async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'bad@example.com' })
    const error = await t.stripe.checkout.sessions
      .create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'commercial', quantity: 0 }], success_url: 'https://x.test/ok' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'line_items[0][quantity]', message: 'This value must be greater than or equal to 1.' })
    await expect(
      t.stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'gold', quantity: 1 }], success_url: 'https://x.test/ok' }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'gold'",
    })
    await expect(t.stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'commercial', quantity: 1 }], success_url: 'https://x.test/ok' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'customer',
    })
  })

  it('refuses a wrong key with 401, never echoing it, and the publishable key outside Stripe.js calls', async () => {
    const t = sandbox()
    const wrong = t.client('sk_test_wrong_key_0123456789abcdef')
    const error = await wrong.customers.list().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(error).toMatchObject({ statusCode: 401 })
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+cdef$/)
    expect((error as Error).message).not.toContain('wrong_key')
    const raw = await fetch(`${t.origin}/v1/customers`, { headers: { Authorization: 'Bearer sk_test_other' } })
    expect(raw.status).toBe(401)
    expect((await raw.json()).error).toMatchObject({ type: 'invalid_request_error' })
    await expect(t.client(publishableKey).customers.list()).rejects.toMatchObject({ statusCode: 401 })
  })

  it('replays an idempotent request, and refuses the same key with other parameters', async () => {
    const t = sandbox()
    const key = `key-${Date.now()}`
    const first = await t.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key })
    const again = await t.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key })
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    expect((await t.stripe.customers.list({ email: 'idem@example.com' })).data).toHaveLength(1)
    const error = await t.stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' })
    expect((error as Error).message).toContain(`Try using a key other than '${key}'`)
    // A refused request is replayed too: same status and body.
    const declined = async () => {
      const raw = await fetch(`${t.origin}/v1/customers/cus_nobody`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secretKey}`, 'Idempotency-Key': `${key}-404`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=x',
      })
      return { status: raw.status, body: await raw.text(), replayed: raw.headers.get('idempotent-replayed') }
    }
    const once = await declined()
    const twice = await declined()
    expect(once.status).toBe(404)
    expect(twice).toEqual({ ...once, replayed: 'true' })
  })

  it('creates one customer when the same idempotent request races', async () => {
    const t = sandbox()
    const key = `race-${Date.now()}`
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => t.stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: key })))
    const ids = new Set(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : [])))
    expect(ids.size).toBe(1)
    for (const result of results) {
      // The branch is the race's: which racers meet the running request is the clock's, and each that does is refused as Stripe refuses.
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ statusCode: 409, rawType: 'idempotency_error' })
    }
    // With the SDK's retries, a request that met the running one gets its answer.
    const again = await Promise.all([0, 1].map(() => t.client(secretKey, 3).customers.create({ email: 'race2@example.com' }, { idempotencyKey: `${key}-2` })))
    expect(again[0]!.id).toBe(again[1]!.id)
    expect((await t.stripe.customers.list({ email: 'race@example.com' })).data).toHaveLength(1)
  })

  it('serves the configured prices and their products', async () => {
    const t = sandbox()
    const price = await t.stripe.prices.retrieve('commercial', { expand: ['product'] })
    expect(price).toMatchObject({ id: 'commercial', object: 'price', unit_amount: 29_900, currency: 'usd', recurring: { interval: 'year', interval_count: 1 }, type: 'recurring' })
    expect((price.product as Stripe.Product).name).toBe('Commercial')
    await expect(t.stripe.prices.retrieve('platinum')).rejects.toMatchObject({ statusCode: 404, message: "No such price: 'platinum'" })
  })

  it('expands a checkout session’s subscription and customer, a customer’s default payment method and a subscription’s invoice', async () => {
    const t = sandbox()
    const { session, customer } = await subscribe(t)
    const expanded = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer'] })
    expect((expanded.subscription as Stripe.Subscription).object).toBe('subscription')
    expect((expanded.customer as Stripe.Customer).email).toBe(customer.email)
    const subscription = expanded.subscription as Stripe.Subscription
    const withInvoice = await t.stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice', 'default_payment_method'] })
    expect((withInvoice.latest_invoice as Stripe.Invoice).amount_paid).toBe(59_800)
    expect((withInvoice.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242')
    await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: (withInvoice.default_payment_method as Stripe.PaymentMethod).id } })
    const withCard = await t.stripe.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] })
    expect(((withCard as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 })
    const listed = await t.stripe.subscriptions.list({ customer: customer.id, expand: ['data.latest_invoice'] })
    expect((listed.data[0]!.latest_invoice as Stripe.Invoice).object).toBe('invoice')
  })

  it("lists a customer's checkout sessions by status, and expires an open one once", async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'two-checkouts@example.com' })
    const open = () => t.stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'commercial', quantity: 1 }], success_url: 'https://x.test/ok' })
    const [older, newer] = [await open(), await open()]
    const listed = async (status?: 'open' | 'expired') => (await t.stripe.checkout.sessions.list({ customer: customer.id, ...(status ? { status } : {}) })).data.map((session) => session.id)
    expect(await listed('open')).toEqual([newer.id, older.id])
    expect(await t.stripe.checkout.sessions.expire(older.id)).toMatchObject({ id: older.id, status: 'expired' })
    expect(await listed('open')).toEqual([newer.id])
    expect(await listed('expired')).toEqual([older.id])
    expect(await listed()).toEqual([newer.id, older.id])
    await expect(t.stripe.checkout.sessions.expire(older.id)).rejects.toMatchObject({ statusCode: 400, code: 'checkout_session_unexpected_state' })
  })

  it('serves events by id and in a list', async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'events@example.com' })
    const events = await t.stripe.events.list({ type: 'customer.created', limit: 100 })
    const event = events.data.find((candidate) => (candidate.data.object as Stripe.Customer).id === customer.id)!
    expect(event).toMatchObject({ object: 'event', type: 'customer.created', api_version: '2026-10-28.endive', livemode: false })
    expect(await t.stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, data: { object: { id: customer.id } } })
    await expect(t.stripe.events.retrieve('evt_missing')).rejects.toMatchObject({ statusCode: 404 })
  })

  it('creates and confirms setup intents, attaches and lists payment methods', async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'setup@example.com' })
    const intent = await t.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] })
    expect(intent).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      usage: 'off_session',
      customer: customer.id,
      payment_method_types: ['card'],
      allowed_payment_method_types: ['card'],
    })
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`))
    const pk = t.client(publishableKey)
    const confirm = (number: string) =>
      pk.setupIntents.confirm(intent.id, {
        client_secret: intent.client_secret!,
        payment_method_data: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
      } as Stripe.SetupIntentConfirmParams)
    const declined = await confirm('4000000000009995').catch((caught: unknown) => caught)
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' })
    await expect(confirm('4000000000000002')).rejects.toMatchObject({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
    const succeeded = await confirm('4000000000000341')
    expect(succeeded).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) })
    const method = await t.stripe.paymentMethods.retrieve(String(succeeded.payment_method))
    expect(method).toMatchObject({ customer: customer.id, type: 'card', card: { brand: 'visa', last4: '0341' } })
    const listed = await t.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })
    expect(listed.data.map((candidate) => candidate.id)).toEqual([method.id])
    const other = await t.stripe.customers.create({ email: 'other-setup@example.com' })
    await expect(t.stripe.paymentMethods.attach(method.id, { customer: other.id })).rejects.toMatchObject({ statusCode: 400 })
    const wrongSecret = await fetch(`${t.origin}/v1/setup_intents/${intent.id}?client_secret=${intent.id}_secret_wrong`, { headers: { Authorization: `Bearer ${publishableKey}` } })
    expect(wrongSecret.status).toBe(400)
    const seen = await fetch(`${t.origin}/v1/setup_intents/${intent.id}?client_secret=${intent.client_secret}`, { headers: { Authorization: `Bearer ${publishableKey}` } })
    expect(await seen.json()).toMatchObject({ id: intent.id, status: 'succeeded', customer: null })
  })

  it('lists setup intents newest first, by customer and by the payment method they set up, with the method expanded', async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'listed-setup@example.com' })
    const [older, newer] = [await t.stripe.setupIntents.create({ customer: customer.id }), await t.stripe.setupIntents.create({ customer: customer.id })]
    expect((await t.stripe.setupIntents.list({ customer: customer.id })).data.map((intent) => intent.id)).toEqual([newer.id, older.id])
    const confirmed = await t.client(publishableKey).setupIntents.confirm(older.id, {
      client_secret: older.client_secret!,
      payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } },
    } as Stripe.SetupIntentConfirmParams)
    const bySetUp = await t.stripe.setupIntents.list({ customer: customer.id, payment_method: String(confirmed.payment_method), expand: ['data.payment_method'] })
    expect(bySetUp.data).toHaveLength(1)
    expect(bySetUp.data[0]).toMatchObject({ id: older.id, status: 'succeeded', payment_method: { id: confirmed.payment_method, customer: customer.id, card: { last4: '4242' } } })
  })

  it("keeps a checkout session open for the expires_at asked, 30 minutes to a day after now, as Stripe's API does", async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'expiry@example.com' })
    const create = (minutes: number) =>
      t.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'commercial', quantity: 1 }],
        success_url: 'https://localhost:5173/account/licenses?success=true',
        expires_at: Math.floor(Date.now() / 1000) + minutes * 60,
      })
    const session = await create(35)
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(35 * 60 - 2)
    expect(session.expires_at - session.created).toBeLessThanOrEqual(35 * 60)
    await expect(create(10)).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' })
    await expect(create(25 * 60)).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' })
  })
})
