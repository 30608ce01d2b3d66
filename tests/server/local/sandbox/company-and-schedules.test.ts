import { describe, expect, it } from 'vitest'
import { pdfText } from '@/testkit/pdf-text'
import { databases, refusal, subscribe, useSandbox } from './harness'

const T0 = 1_798_761_600 // 1 January 2027, 00:00 UTC
const END = 1_830_297_600 // 1 January 2028
const NEXT_END = 1_861_920_000 // 1 January 2029
const AFTER_NEXT = 1_893_456_000 // 1 January 2030
const DAY = 86_400

describe.each(databases)('company details, tax IDs and subscription schedules in the sandbox on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  it("keeps a customer's address, and refuses a malformed tax ID as Stripe does: 400 tax_id_invalid on value", async () => {
    const t = sandbox()
    const customer = await t.stripe.customers.create({ email: 'fin@example.com', name: 'Fabrikam GmbH' })
    const address = { line1: 'Hauptstraße 1', line2: '', city: 'München', postal_code: '80331', state: '', country: 'DE' }
    const updated = await t.stripe.customers.update(customer.id, { address })
    expect(updated.address).toEqual({ line1: 'Hauptstraße 1', line2: null, city: 'München', postal_code: '80331', state: null, country: 'DE' })
    const error = await refusal(t.stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE12345' }))
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'tax_id_invalid', param: 'value', message: 'Invalid value for eu_vat.' })
    expect((await refusal(t.stripe.customers.update(customer.id, { address: { country: 'Germany' } }))).param).toBe('address[country]')
    const made = await t.stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'de 123 456 789' })
    expect(made).toMatchObject({ object: 'tax_id', type: 'eu_vat', value: 'DE123456789', country: 'DE', customer: customer.id, verification: { status: 'verified' } })
    expect((await t.stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'FR00000000000' })).verification?.status).toBe('unverified')
    expect((await t.stripe.customers.listTaxIds(customer.id)).data.map((id) => id.value)).toEqual(['FR00000000000', 'DE123456789'])
    expect(await t.stripe.customers.deleteTaxId(customer.id, made.id)).toEqual({ id: made.id, object: 'tax_id', deleted: true })
    expect((await refusal(t.stripe.customers.retrieveTaxId(customer.id, made.id))).statusCode).toBe(404)
  })

  it("puts the customer's name, address and tax IDs on the next invoice, and serves its PDF", async () => {
    const t = sandbox()
    const { customer, subscription, clock } = await subscribe(t, { quantity: 2, frozenTime: T0 })
    await t.stripe.customers.update(customer.id, { name: 'Fabrikam GmbH', address: { line1: 'Hauptstraße 1', city: 'München', postal_code: '80331', country: 'DE' } })
    await t.stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + DAY })
    const [renewal] = (await t.stripe.invoices.list({ subscription: subscription!.id, limit: 1 })).data
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      customer_name: 'Fabrikam GmbH',
      customer_address: { line1: 'Hauptstraße 1', city: 'München', postal_code: '80331', country: 'DE' },
      customer_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
      invoice_pdf: `${t.origin}/sandbox/invoices/${renewal!.id}/pdf`,
    })
    const pdf = await fetch(renewal!.invoice_pdf!)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
    // A reader takes it: pdftotext (poppler) reads its words back.
    const text = pdfText(bytes)
    for (const words of ['Fabrikam GmbH', 'Hauptstraße 1', '80331 München, DE', 'EU VAT: DE123456789', renewal!.number!, '$598.00']) expect(text).toContain(words)
    expect((await fetch(`${t.origin}/sandbox/invoices/in_missing/pdf`)).status).toBe(404)
  })

  it('schedules fewer seats from the renewal: the next invoice charges them, the schedule is released after its last phase', async () => {
    const t = sandbox()
    const { subscription, clock } = await subscribe(t, { quantity: 5, frozenTime: T0 })
    const schedule = await t.stripe.subscriptionSchedules.create({ from_subscription: subscription!.id })
    expect(schedule).toMatchObject({ object: 'subscription_schedule', status: 'active', subscription: subscription!.id, end_behavior: 'release', current_phase: { start_date: T0, end_date: END } })
    expect(schedule.phases).toHaveLength(1)
    expect(schedule.phases[0]!.items[0]).toMatchObject({ price: 'commercial', quantity: 5 })
    expect((await t.stripe.subscriptions.retrieve(subscription!.id)).schedule).toBe(schedule.id)
    expect((await refusal(t.stripe.subscriptionSchedules.create({ from_subscription: subscription!.id }))).message).toBe(
      `You cannot migrate a subscription that is already attached to a schedule: \`${schedule.id}\`.`,
    )
    const updated = await t.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        { items: [{ price: 'commercial', quantity: 5 }], start_date: T0, end_date: END },
        { items: [{ price: 'commercial', quantity: 2 }], duration: { interval: 'year', interval_count: 1 } },
      ],
    })
    expect(updated.phases.map((phase) => [phase.start_date, phase.end_date, phase.items[0]!.quantity])).toEqual([
      [T0, END, 5],
      [END, NEXT_END, 2],
    ])
    // Cancellation is the schedule's, as on Stripe.
    expect((await refusal(t.stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true }))).message).toMatch(/managed by the subscription schedule/)
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + DAY })
    const renewed = await t.stripe.subscriptions.retrieve(subscription!.id)
    expect(renewed.items.data[0]).toMatchObject({ quantity: 2, current_period_start: END, current_period_end: NEXT_END })
    const [invoice] = (await t.stripe.invoices.list({ subscription: subscription!.id, limit: 1 })).data
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', total: 59_800, status: 'paid' })
    expect((await t.stripe.subscriptionSchedules.retrieve(schedule.id)).current_phase).toEqual({ start_date: END, end_date: NEXT_END })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: NEXT_END + DAY })
    expect(await t.stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({ status: 'released', released_subscription: subscription!.id, subscription: null })
    const after = await t.stripe.subscriptions.retrieve(subscription!.id)
    expect(after).toMatchObject({ schedule: null, status: 'active' })
    expect(after.items.data[0]).toMatchObject({ quantity: 2, current_period_end: AFTER_NEXT })
  })

  it('releases a schedule on request (the subscription renews as it is), and refuses changes the sandbox cannot honour', async () => {
    const t = sandbox()
    const { subscription, clock } = await subscribe(t, { quantity: 3, frozenTime: T0 })
    const schedule = await t.stripe.subscriptionSchedules.create({ from_subscription: subscription!.id })
    const changedNow = await refusal(t.stripe.subscriptionSchedules.update(schedule.id, { phases: [{ items: [{ price: 'commercial', quantity: 1 }], start_date: T0, end_date: END }] }))
    expect(changedNow).toMatchObject({ statusCode: 400, param: 'phases[0]' })
    const badEnd = await refusal(
      t.stripe.subscriptionSchedules.update(schedule.id, {
        phases: [
          { items: [{ price: 'commercial', quantity: 3 }], start_date: T0, end_date: END },
          { items: [{ price: 'commercial', quantity: 1 }], end_date: END + 30 * DAY },
        ],
      }),
    )
    expect(badEnd.param).toBe('phases[1][end_date]')
    await t.stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: 'commercial', quantity: 3 }], start_date: T0, end_date: END },
        { items: [{ price: 'commercial', quantity: 1 }], duration: { interval: 'year' } },
      ],
    })
    const released = await t.stripe.subscriptionSchedules.release(schedule.id)
    expect(released).toMatchObject({ status: 'released', released_subscription: subscription!.id, subscription: null })
    expect((await refusal(t.stripe.subscriptionSchedules.release(schedule.id))).message).toMatch(/currently in the `released` status/)
    expect((await t.stripe.subscriptions.retrieve(subscription!.id)).schedule).toBeNull()
    await t.stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: false })
    await t.stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: END + DAY })
    expect((await t.stripe.subscriptions.retrieve(subscription!.id)).items.data[0]!.quantity).toBe(3)
  })
})
