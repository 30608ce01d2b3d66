import { describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { taxRates } from '@/server/local/sandbox/tax-rates'
import { databases, goodCard, useSandbox } from './harness'

const T0 = 1_798_761_600 // 1 January 2027, 00:00 UTC
const END = 1_830_297_600 // 1 January 2028
const DAY = 86_400

describe.each(databases)("tax in the sandbox's checkout and invoices on $name", ({ open }) => {
  const sandbox = useSandbox(open)

  /** A checkout of 1 Commercial seat ($299) with automatic tax and tax ID collection, as the portal makes it, on a clock. */
  async function taxedCheckout() {
    const t = sandbox()
    const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: T0 })
    const customer = await t.stripe.customers.create({ email: `tax${Math.random().toString(36).slice(2, 8)}@example.com`, test_clock: clock.id })
    const session = await t.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'commercial', quantity: 1 }],
      success_url: 'https://x.test/ok',
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      customer_update: { address: 'auto', name: 'auto' },
      billing_address_collection: 'required',
    })
    return { clock, customer, session }
  }
  const billing = { country: 'DE', line1: 'Hauptstraße 1', postal_code: '80331', city: 'München' }

  it('takes automatic_tax and tax_id_collection as Stripe does, and refuses them when the customer could not be updated', async () => {
    const t = sandbox()
    const { session } = await taxedCheckout()
    expect(session).toMatchObject({ automatic_tax: { enabled: true, status: 'requires_location_inputs' }, tax_id_collection: { enabled: true }, billing_address_collection: 'required' })
    const customer = await t.stripe.customers.create({ email: 'x@example.com' })
    const refused = await t.stripe.checkout.sessions
      .create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'commercial', quantity: 1 }], success_url: 'https://x.test/ok', automatic_tax: { enabled: true } })
      .catch((error: unknown) => error as Stripe.errors.StripeError)
    expect(refused).toMatchObject({ statusCode: 400, param: 'automatic_tax[enabled]' })
  })

  it("shows the tax of the billing country before paying (Germany's 19%), and the invoice charges exactly that", async () => {
    const t = sandbox()
    const { session, customer, clock } = await taxedCheckout()
    const page = await t.submit(`/sandbox/checkout/${session.id}/details`, billing)
    const html = await page.text()
    expect(html).toContain('<dt>Tax</dt><dd>$56.81 (19%)</dd>')
    expect(html).toContain('<dt>Total due today</dt><dd>$355.81, billed annually</dd>')
    expect(html).toContain('Pay $355.81')
    expect((await t.submit(`/sandbox/checkout/${session.id}/pay`, { ...goodCard, ...billing })).status).toBe(303)
    const paid = await t.stripe.checkout.sessions.retrieve(session.id)
    expect(paid).toMatchObject({ amount_subtotal: 29_900, amount_total: 35_581, total_details: { amount_tax: 5_681 }, automatic_tax: { status: 'complete' } })
    const invoice = await t.stripe.invoices.retrieve(String(paid.invoice))
    expect(invoice).toMatchObject({ subtotal: 29_900, total: 35_581, amount_paid: 35_581, total_excluding_tax: 29_900, automatic_tax: { enabled: true, status: 'complete' } })
    expect(invoice.total_taxes).toEqual([expect.objectContaining({ amount: 5_681, taxability_reason: 'standard_rated', taxable_amount: 29_900 })])
    expect(await t.stripe.customers.retrieve(customer.id)).toMatchObject({ address: { country: 'DE', city: 'München' } })
    // The renewal bears the same tax: the address is the customer's now.
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: END + DAY })
    const [renewal] = (await t.stripe.invoices.list({ customer: customer.id, limit: 1 })).data
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 35_581 })
  })

  it('charges no VAT to an EU business with a valid VAT number (reverse charge), and saves the number on the customer', async () => {
    const t = sandbox()
    const { session, customer } = await taxedCheckout()
    const withVat = { ...billing, business_name: 'Fabrikam GmbH', tax_id: 'DE123456789' }
    expect(await (await t.submit(`/sandbox/checkout/${session.id}/details`, withVat)).text()).toContain('<dt>Tax</dt><dd>$0.00 (reverse charge)</dd>')
    const invalid = await t.submit(`/sandbox/checkout/${session.id}/pay`, { ...goodCard, ...withVat, tax_id: 'DE12' })
    expect(invalid.status).toBe(422)
    expect(await invalid.text()).toContain('Your tax ID is invalid.')
    expect((await t.submit(`/sandbox/checkout/${session.id}/pay`, { ...goodCard, ...withVat })).status).toBe(303)
    const paid = await t.stripe.checkout.sessions.retrieve(session.id)
    expect(paid).toMatchObject({ amount_total: 29_900, customer_details: { business_name: 'Fabrikam GmbH', tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }] } })
    const invoice = await t.stripe.invoices.retrieve(String(paid.invoice))
    expect(invoice).toMatchObject({ total: 29_900, customer_name: 'Fabrikam GmbH', customer_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }] })
    expect(invoice.total_taxes).toEqual([expect.objectContaining({ amount: 0, taxability_reason: 'reverse_charge' })])
    expect((await t.stripe.customers.listTaxIds(customer.id)).data.map((id) => id.value)).toEqual(['DE123456789'])
  })

  it('collects no tax where the seller is not registered (the United States), and asks for a country before paying', async () => {
    const t = sandbox()
    const { session } = await taxedCheckout()
    const missing = await t.submit(`/sandbox/checkout/${session.id}/pay`, goodCard)
    expect(missing.status).toBe(422)
    expect(await missing.text()).toContain('Choose your country.')
    expect((await t.submit(`/sandbox/checkout/${session.id}/pay`, { ...goodCard, country: 'US' })).status).toBe(303)
    expect(await t.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ amount_total: 29_900, total_details: { amount_tax: 0 } })
    expect(taxRates.US).toBeUndefined()
  })
})
