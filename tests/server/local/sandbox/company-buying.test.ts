import { beforeEach, describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { pdfText } from '@/testkit/pdf-text'
import { databases, refusal, saveCard, useSandbox, type TestSandbox } from './harness'

/** Buying as a company in the sandbox: sent invoices with a PO, bank-transfer details, out-of-band payment, quotes and trials. */

const T0 = 1_798_761_600 // 1 January 2027, 00:00 UTC
const DAY = 86_400

describe.each(databases)('invoices, quotes and trials in the sandbox on $name', ({ open }) => {
  const sandbox = useSandbox(open)
  let t: TestSandbox
  beforeEach(() => {
    t = sandbox()
  })

  async function customerOnClock(name = 'Fabrikam Inc.') {
    const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: T0 })
    const customer = await t.stripe.customers.create({
      email: `ap${Math.random().toString(36).slice(2, 8)}@fabrikam.example`,
      name,
      address: { line1: '1 Main Street', city: 'Springfield', postal_code: '01101', state: 'MA', country: 'US' },
      test_clock: clock.id,
    })
    return { clock, customer }
  }

  const pdfOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer())

  it('sends the invoice of a send_invoice subscription: active at once, the invoice open and due in 30 days, with the PO and the bank details on its PDF', async () => {
    const { customer } = await customerOnClock()
    const subscription = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'commercial', quantity: 5 }],
      collection_method: 'send_invoice',
      days_until_due: 30,
      invoice_settings: { custom_fields: [{ name: 'PO number', value: 'PO-4711' }] },
    })
    expect(subscription).toMatchObject({ status: 'active', collection_method: 'send_invoice', days_until_due: 30, default_payment_method: null })
    const invoice = await t.stripe.invoices.retrieve(String(subscription.latest_invoice))
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      due_date: T0 + 30 * DAY,
      amount_due: 149_500,
      amount_paid: 0,
      attempt_count: 0,
      custom_fields: [{ name: 'PO number', value: 'PO-4711' }],
    })
    const funding = await t.stripe.customers.createFundingInstructions(customer.id, { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' })
    const aba = funding.bank_transfer.financial_addresses.find((address) => address.type === 'aba')!.aba!
    expect(aba.account_number).toMatch(/^\d{12}$/)
    const text = pdfText(await pdfOf(invoice.invoice_pdf!))
    for (const words of [
      'PO number: PO-4711',
      'Date due',
      'January 31, 2027',
      'Pay $1495.00',
      `Account number: ${aba.account_number}`,
      `Routing number (ACH, wire): ${aba.routing_number}`,
      `Reference: ${invoice.number}`,
    ])
      expect(text).toContain(words)
    const types = (await t.delivered()).filter((event) => JSON.stringify(event.data.object).includes(subscription.id)).map((event) => event.type)
    expect(types).toEqual(['customer.subscription.created', 'invoice.finalized'])
  })

  it("gives each customer one virtual account number, the same every time it is asked, another customer's another", async () => {
    const ask = (id: string) => t.stripe.customers.createFundingInstructions(id, { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' })
    const number = (instructions: Stripe.FundingInstructions) => instructions.bank_transfer.financial_addresses[0]!.aba!.account_number
    const one = await customerOnClock()
    const two = await customerOnClock()
    expect(number(await ask(one.customer.id))).toBe(number(await ask(one.customer.id)))
    expect(number(await ask(two.customer.id))).not.toBe(number(await ask(one.customer.id)))
    expect((await refusal(ask('cus_missing'))).statusCode).toBe(404)
  })

  it("refuses custom fields beyond Stripe's limits: more than 4, a name over 40 or a value over 140 characters, and days_until_due without send_invoice", async () => {
    const { customer } = await customerOnClock()
    const create = (fields: { name: string; value: string }[], extra: Partial<Stripe.SubscriptionCreateParams> = { collection_method: 'send_invoice', days_until_due: 30 }) =>
      t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'commercial', quantity: 1 }], ...extra, invoice_settings: { custom_fields: fields } })
    const field = { name: 'PO number', value: 'PO-1' }
    expect((await refusal(create([field, field, field, field, field]))).param).toBe('invoice_settings[custom_fields]')
    expect((await refusal(create([{ name: 'n'.repeat(41), value: 'x' }]))).param).toBe('invoice_settings[custom_fields][0][name]')
    expect((await refusal(create([{ name: 'PO', value: 'v'.repeat(141) }]))).param).toBe('invoice_settings[custom_fields][0][value]')
    expect((await refusal(create([field], { days_until_due: 30 }))).param).toBe('days_until_due')
    expect((await refusal(create([field], { collection_method: 'send_invoice' }))).message).toBe('Missing required param: days_until_due.')
    await expect(create([{ name: 'n'.repeat(40), value: 'v'.repeat(140) }, field, field, field])).resolves.toMatchObject({ status: 'active' })
  })

  it('makes the subscription past due when its sent invoice passes the due date unpaid, and active again once paid out of band', async () => {
    const { clock, customer } = await customerOnClock()
    const subscription = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'commercial', quantity: 2 }], collection_method: 'send_invoice', days_until_due: 30 })
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 29 * DAY })
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 31 * DAY })
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due')
    const paid = await t.stripe.invoices.pay(String(subscription.latest_invoice), { paid_out_of_band: true })
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 59_800, amount_remaining: 0, status_transitions: { paid_at: T0 + 31 * DAY } })
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    expect((await refusal(t.stripe.invoices.pay(paid.id, { paid_out_of_band: true }))).message).toBe('Invoice is already paid.')
    // Advancing again makes nothing overdue twice.
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 40 * DAY })
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    const types = (await t.delivered()).filter((event) => JSON.stringify(event.data.object).includes(subscription.id)).map((event) => event.type)
    expect(types).toEqual(['customer.subscription.created', 'invoice.finalized', 'invoice.overdue', 'customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated'])
  })

  it('invoices by hand: a draft for a subscription, its item, numbered and due when finalised; a credit on the balance is taken up by the next invoice; refused in words when out of place', async () => {
    const { clock, customer } = await customerOnClock()
    const subscription = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'commercial', quantity: 2 }], collection_method: 'send_invoice', days_until_due: 30 })
    await t.stripe.invoices.pay(String(subscription.latest_invoice), { paid_out_of_band: true })
    const draft = await t.stripe.invoices.create({
      customer: customer.id,
      subscription: subscription.id,
      collection_method: 'send_invoice',
      days_until_due: 60,
      custom_fields: [{ name: 'PO number', value: 'PO-7' }],
    })
    expect(draft).toMatchObject({ status: 'draft', number: null, total: 0, billing_reason: 'manual', due_date: null })
    const period = { start: T0 + 365 * DAY, end: T0 + 730 * DAY }
    await t.stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, pricing: { price: 'commercial' }, quantity: 2, period })
    const open = await t.stripe.invoices.finalizeInvoice(draft.id!)
    expect(open).toMatchObject({ status: 'open', total: 59_800, amount_due: 59_800, due_date: T0 + 60 * DAY, custom_fields: [{ name: 'PO number', value: 'PO-7' }] })
    expect(open.lines.data).toEqual([expect.objectContaining({ amount: 59_800, quantity: 2, period })])
    expect((await refusal(t.stripe.invoices.finalizeInvoice(draft.id!))).message).toBe("This invoice is already finalized, you can't re-finalize a non-draft invoice.")
    expect((await refusal(t.stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, pricing: { price: 'commercial' } }))).message).toBe(
      'You can only add invoice items to a draft invoice. This invoice is open.',
    )
    expect((await refusal(t.stripe.invoices.create({ customer: customer.id }))).param).toBe('subscription')

    await t.stripe.customers.createBalanceTransaction(customer.id, { amount: -open.total, currency: 'usd', metadata: { renewalInvoice: open.id! } })
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 365 * DAY })
    const renewal = (await t.stripe.invoices.list({ customer: customer.id, limit: 10 })).data.find((invoice) => invoice.billing_reason === 'subscription_cycle')!
    expect(renewal).toMatchObject({ status: 'paid', total: 59_800, amount_due: 0, starting_balance: -59_800, ending_balance: 0 })
    expect(pdfText(await pdfOf(renewal.invoice_pdf!))).toContain('Applied balance')
    expect(((await t.stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(0)
    expect((await t.stripe.customers.listBalanceTransactions(customer.id)).data).toEqual([expect.objectContaining({ amount: -59_800, ending_balance: -59_800, metadata: { renewalInvoice: open.id } })])
  })

  it('quotes a plan and seats: a draft, numbered when finalised, valid 30 days, its PDF with number, validity, both parties, PO and total; accepted once into a sent-invoice subscription', async () => {
    const { customer } = await customerOnClock('Contoso Ltd')
    const quote = await t.stripe.quotes.create({
      customer: customer.id,
      line_items: [{ price: 'commercial-plus', quantity: 3 }],
      collection_method: 'send_invoice',
      invoice_settings: { days_until_due: 30, custom_fields: [{ name: 'PO number', value: 'PO-9000' }] },
      metadata: { accountOid: 'oid-q' },
      subscription_data: { metadata: { accountOid: 'oid-q' } },
    })
    expect(quote).toMatchObject({ status: 'draft', number: null, amount_total: 149_700, expires_at: T0 + 30 * DAY, collection_method: 'send_invoice' })
    expect((await refusal(t.stripe.quotes.accept(quote.id))).message).toBe('This quote must be finalized before it can be accepted.')
    const open = await t.stripe.quotes.finalizeQuote(quote.id)
    expect(open).toMatchObject({ status: 'open', number: `QT-${customer.invoice_prefix}-0001`, status_transitions: { finalized_at: T0 } })
    const stream = await t.stripe.quotes.pdf(quote.id)
    const chunks: Buffer[] = []
    for await (const chunk of stream as unknown as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk))
    const text = pdfText(Buffer.concat(chunks))
    for (const words of [open.number!, 'Valid until', 'January 31, 2027', 'Prism Library (sandbox)', 'Contoso Ltd', 'PO number: PO-9000', '$1497.00']) expect(text).toContain(words)
    const accepted = await t.stripe.quotes.accept(quote.id)
    expect(accepted).toMatchObject({ status: 'accepted', status_transitions: { accepted_at: T0 } })
    const subscription = await t.stripe.subscriptions.retrieve(String(accepted.subscription))
    expect(subscription).toMatchObject({ status: 'active', collection_method: 'send_invoice', days_until_due: 30, metadata: { accountOid: 'oid-q' }, items: { data: [{ quantity: 3 }] } })
    expect((await t.stripe.invoices.retrieve(String(subscription.latest_invoice))).custom_fields).toEqual([{ name: 'PO number', value: 'PO-9000' }])
    expect((await refusal(t.stripe.quotes.accept(quote.id))).message).toBe('This quote has already been accepted.')
    expect((await t.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1)
  })

  it('cancels an open quote when the clock passes its expiry, and refuses to accept it', async () => {
    const { clock, customer } = await customerOnClock()
    const quote = await t.stripe.quotes.create({
      customer: customer.id,
      line_items: [{ price: 'commercial', quantity: 1 }],
      collection_method: 'send_invoice',
      invoice_settings: { days_until_due: 30 },
    })
    await t.stripe.quotes.finalizeQuote(quote.id)
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 30 * DAY })
    expect(await t.stripe.quotes.retrieve(quote.id)).toMatchObject({ status: 'canceled', status_transitions: { canceled_at: T0 + 30 * DAY } })
    expect((await refusal(t.stripe.quotes.accept(quote.id))).message).toBe('This quote has expired and can no longer be accepted.')
    expect((await t.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0)
  })

  it('trials without a card: trialing with a $0 invoice, extended by moving trial_end, told 3 days before, canceled at the end with cancel for a missing payment method', async () => {
    const { clock, customer } = await customerOnClock()
    const trial = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'commercial-plus', quantity: 1 }],
      trial_period_days: 30,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    })
    expect(trial).toMatchObject({
      status: 'trialing',
      trial_start: T0,
      trial_end: T0 + 30 * DAY,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      items: { data: [{ current_period_end: T0 + 30 * DAY }] },
    })
    expect(await t.stripe.invoices.retrieve(String(trial.latest_invoice))).toMatchObject({ status: 'paid', amount_due: 0 })
    const extended = await t.stripe.subscriptions.update(trial.id, { trial_end: T0 + 44 * DAY })
    expect(extended).toMatchObject({ status: 'trialing', trial_end: T0 + 44 * DAY, items: { data: [{ current_period_end: T0 + 44 * DAY }] } })
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 42 * DAY })
    expect((await t.stripe.subscriptions.retrieve(trial.id)).status).toBe('trialing')
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 45 * DAY })
    expect(await t.stripe.subscriptions.retrieve(trial.id)).toMatchObject({ status: 'canceled', ended_at: T0 + 44 * DAY })
    expect((await refusal(t.stripe.subscriptions.update(trial.id, { trial_end: T0 + 60 * DAY }))).param).toBe('trial_end')
    const types = (await t.delivered()).filter((event) => (event.data.object as { id?: string }).id === trial.id).map((event) => event.type)
    expect(types).toEqual(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.trial_will_end', 'customer.subscription.deleted'])
  })

  it('starts the paid year at the end of a trial with a card', async () => {
    const { clock, customer } = await customerOnClock()
    const card = await saveCard(t, customer.id, '4242424242424242')
    const trial = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'commercial-plus', quantity: 1 }],
      trial_period_days: 30,
      default_payment_method: card,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    })
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 31 * DAY })
    const active = await t.stripe.subscriptions.retrieve(trial.id, { expand: ['latest_invoice'] })
    expect(active).toMatchObject({
      status: 'active',
      latest_invoice: { status: 'paid', amount_paid: 49_900, billing_reason: 'subscription_cycle' },
      items: { data: [{ current_period_start: T0 + 30 * DAY }] },
    })
  })
})
