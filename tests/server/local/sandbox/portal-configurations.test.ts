import { describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { databases, subscribe, useSandbox } from './harness'

/**
 * Billing portal configurations as Stripe's API has them (create, retrieve, list, update; a portal
 * session names one, or runs under the account's default), and the hosted portal offering what
 * the session's configuration allows, and nothing else.
 */
describe.each(databases)('billing portal configurations on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  const html = async (path: string) => {
    const t = sandbox()
    const response = await fetch(`${t.origin}${path}`)
    return { status: response.status, text: await response.text() }
  }
  /** A subscriber's portal under a configuration made with these features. */
  async function portalWith(features: Stripe.BillingPortal.ConfigurationCreateParams.Features) {
    const t = sandbox()
    const { customer, subscription } = await subscribe(t, { quantity: 3 })
    const configuration = await t.stripe.billingPortal.configurations.create({ features })
    const portal = await t.stripe.billingPortal.sessions.create({ customer: customer.id, configuration: configuration.id, return_url: 'https://localhost:5173/account' })
    return { customer, subscription: subscription!, configuration, path: new URL(portal.url).pathname }
  }

  it("makes, reads, lists and changes a configuration shaped as Stripe's, each feature off unless named", async () => {
    const t = sandbox()
    const made = await t.stripe.billingPortal.configurations.create({ features: { invoice_history: { enabled: true } }, metadata: { owner: 'test' }, name: 'Test' })
    expect(made).toMatchObject({
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      name: 'Test',
      metadata: { owner: 'test' },
      features: {
        invoice_history: { enabled: true },
        customer_update: { enabled: false, allowed_updates: [] },
        payment_method_update: { enabled: false, payment_method_configuration: null },
        subscription_cancel: { enabled: false, mode: 'at_period_end' },
        subscription_update: { enabled: false },
      },
    })
    expect(made.id).toMatch(/^bpc_\w+$/)
    expect(await t.stripe.billingPortal.configurations.retrieve(made.id)).toEqual(made)
    const changed = await t.stripe.billingPortal.configurations.update(made.id, { active: false, features: { customer_update: { enabled: true, allowed_updates: ['address', 'tax_id'] } } })
    expect(changed).toMatchObject({ active: false, features: { invoice_history: { enabled: true }, customer_update: { enabled: true, allowed_updates: ['address', 'tax_id'] } } })
    expect((await t.stripe.billingPortal.configurations.list({ active: false })).data.map((entry) => entry.id)).toContain(made.id)
    expect((await t.stripe.billingPortal.configurations.list({ active: true })).data.map((entry) => entry.id)).not.toContain(made.id)
  })

  it('refuses what the sandbox portal cannot offer, an unknown configuration and an inactive one, in Stripe’s words', async () => {
    const t = sandbox()
    await expect(t.stripe.billingPortal.configurations.create({ features: { subscription_update: { enabled: true, default_allowed_updates: ['quantity'] } } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'features[subscription_update][enabled]',
    })
    // A cancellation reason needs its options, even none (sent as ''): the SDK sends nothing for [].
    await expect(
      t.stripe.billingPortal.configurations.create({ features: { subscription_cancel: { enabled: true, mode: 'at_period_end', cancellation_reason: { enabled: false, options: [] } } } }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'features[subscription_cancel][cancellation_reason][options]' })
    const { customer } = await subscribe(t)
    await expect(t.stripe.billingPortal.sessions.create({ customer: customer.id, configuration: 'bpc_unknown' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'configuration',
    })
    const inactive = await t.stripe.billingPortal.configurations.create({ features: { invoice_history: { enabled: true } } })
    await t.stripe.billingPortal.configurations.update(inactive.id, { active: false })
    await expect(t.stripe.billingPortal.sessions.create({ customer: customer.id, configuration: inactive.id })).rejects.toMatchObject({ statusCode: 400, param: 'configuration' })
  })

  it("runs a session that names none under the account's default configuration", async () => {
    const t = sandbox()
    const { customer } = await subscribe(t)
    const [first, second] = [await t.stripe.billingPortal.sessions.create({ customer: customer.id }), await t.stripe.billingPortal.sessions.create({ customer: customer.id })]
    expect(first.configuration).toBe(second.configuration)
    expect(await t.stripe.billingPortal.configurations.retrieve(String(first.configuration))).toMatchObject({ is_default: true, active: true })
  })

  it('shows neither invoices, cancellation, a card form nor billing details when the configuration offers none, and refuses them', async () => {
    const t = sandbox()
    const { path, subscription } = await portalWith({ invoice_history: { enabled: false } })
    const page = await html(path)
    expect(page.status).toBe(200)
    for (const absent of ['Invoices', 'Cancel subscription', 'Update payment method', 'Billing details']) expect(page.text).not.toContain(absent)
    expect((await t.submit(`${path}/subscriptions/${subscription.id}/cancel`)).status).toBe(404)
    expect((await t.submit(`${path}/payment-method`, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).status).toBe(404)
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false)
  })

  it('takes a new card when the configuration offers it: the default of the customer and of each live subscription; a declined one is refused in words', async () => {
    const t = sandbox()
    const { path, customer, subscription } = await portalWith({ payment_method_update: { enabled: true } })
    const declined = await t.submit(`${path}/payment-method`, { number: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' })
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('Your card was declined.')
    const saved = await t.submit(`${path}/payment-method`, { number: '5555 5555 5555 4444', expiry: '11 / 33', cvc: '123' })
    expect(saved.status).toBe(303)
    const method = String(((await t.stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method)
    expect(await t.stripe.paymentMethods.retrieve(method)).toMatchObject({ customer: customer.id, card: { last4: '4444', exp_month: 11, exp_year: 2033 } })
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBe(method)
    expect((await html(path)).text).toContain('MASTERCARD ending in 4444, expires 11/2033')
  })

  it('changes the billing details the configuration allows, and only those', async () => {
    const t = sandbox()
    const { path, customer } = await portalWith({ customer_update: { enabled: true, allowed_updates: ['name', 'address'] } })
    const form = (await html(path)).text
    for (const label of ['Name', 'Address line 1', 'Postal code', 'Country (two letters)', 'Save billing details']) expect(form).toContain(label)
    expect(form).not.toContain('<label for="billing-email">')
    const saved = await t.submit(`${path}/billing-details`, { name: 'Acme GmbH', line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE', email: 'not-allowed@example.com' })
    expect(saved.status).toBe(303)
    expect(await t.stripe.customers.retrieve(customer.id)).toMatchObject({
      name: 'Acme GmbH',
      email: customer.email,
      address: { line1: 'Hauptstraße 1', line2: null, city: 'Berlin', postal_code: '10115', state: null, country: 'DE' },
    })
  })
})
