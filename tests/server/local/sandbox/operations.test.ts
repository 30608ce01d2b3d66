import { describe, expect, it } from 'vitest'
import { description } from '@/tests/support/server/stripe-openapi/description'
import { databases, saveCard, subscribe, useSandbox } from './harness'

/**
 * Each operation of the sandbox's /v1 at least once through the SDK, so that the recorder checks an
 * answer of every one against Stripe's API description (other files reach most of them in context).
 */
const T0 = Date.parse('2027-01-01T00:00:00Z') / 1000

describe.each(databases)('every operation of the sandbox on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  it('answers each of them as Stripe describes it', async () => {
    const t = sandbox()
    const { customer, subscription, session, clock } = await subscribe(t, { quantity: 2, frozenTime: T0 })
    const s = t.stripe
    await s.customers.retrieve(customer.id, { expand: ['test_clock', 'invoice_settings.default_payment_method'] })
    await s.customers.update(customer.id, { name: 'Bea Other', metadata: { note: 'x' } })
    await s.customers.list({ email: customer.email!, limit: 3 })
    await s.customers.listPaymentMethods(customer.id)
    const taxId = await s.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' })
    await s.customers.retrieveTaxId(customer.id, taxId.id)
    await s.customers.listTaxIds(customer.id, { limit: 3 })
    await s.customers.deleteTaxId(customer.id, taxId.id)

    const loose = await s.customers.create({ email: 'loose@example.com', test_clock: clock!.id })
    const card = await saveCard(t, loose.id, '4242424242424242')
    await s.paymentMethods.retrieve(card)
    await s.paymentMethods.list({ customer: loose.id, type: 'card' })
    await s.paymentMethods.detach(card)
    await s.paymentMethods.attach(card, { customer: customer.id })
    const intent = await s.setupIntents.create({ customer: customer.id, usage: 'off_session' })
    await s.setupIntents.retrieve(intent.id)
    await s.setupIntents.list({ customer: customer.id, limit: 3 })
    await s.setupIntents.confirm(intent.id, { payment_method: card })

    await s.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer'] })
    await s.checkout.sessions.listLineItems(session.id)
    await s.checkout.sessions.list({ customer: customer.id, status: 'complete' })
    const open = await s.checkout.sessions.create({
      mode: 'subscription',
      customer: loose.id,
      line_items: [{ price: 'commercial', quantity: 1 }],
      success_url: 'https://x.test/ok',
      cancel_url: 'https://x.test/no',
    })
    await s.checkout.sessions.expire(open.id)
    const configuration = await s.billingPortal.configurations.create({ features: { invoice_history: { enabled: true } }, metadata: { owner: 'test' } })
    await s.billingPortal.configurations.update(configuration.id, { active: true })
    await s.billingPortal.configurations.retrieve(configuration.id)
    await s.billingPortal.configurations.list({ active: true, limit: 3 })
    await s.billingPortal.sessions.create({ customer: customer.id, return_url: 'https://localhost:5173/account', configuration: configuration.id })

    const item = subscription!.items.data[0]!
    await s.subscriptions.retrieve(subscription!.id, { expand: ['latest_invoice', 'default_payment_method'] })
    await s.subscriptions.list({ customer: customer.id, status: 'all', expand: ['data.default_payment_method'] })
    await s.invoices.createPreview({ customer: customer.id, subscription: subscription!.id, subscription_details: { items: [{ id: item.id, quantity: 3 }], proration_behavior: 'always_invoice' } })
    await s.subscriptions.update(subscription!.id, { items: [{ id: item.id, quantity: 3 }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' })
    const invoices = await s.invoices.list({ subscription: subscription!.id, status: 'paid' })
    await s.invoices.retrieve(invoices.data[0]!.id)
    const schedule = await s.subscriptionSchedules.create({ from_subscription: subscription!.id })
    const phase = schedule.phases[0]!
    await s.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: 'commercial', quantity: 3 }], start_date: phase.start_date, end_date: phase.end_date },
        { items: [{ price: 'commercial', quantity: 2 }], duration: { interval: 'year', interval_count: 1 } },
      ],
    })
    await s.subscriptionSchedules.retrieve(schedule.id)
    await s.subscriptionSchedules.list({ customer: customer.id, limit: 3 })
    await s.subscriptionSchedules.release(schedule.id)
    const second = await s.subscriptions.create({ customer: customer.id, items: [{ price: 'commercial-plus', quantity: 1 }], default_payment_method: card, payment_behavior: 'error_if_incomplete' })
    await s.subscriptions.cancel(second.id)
    await s.customers.createFundingInstructions(customer.id, { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' })
    const sent = await s.subscriptions.create({ customer: customer.id, items: [{ price: 'commercial', quantity: 1 }], collection_method: 'send_invoice', days_until_due: 30 })
    await s.invoices.pay(String(sent.latest_invoice), { paid_out_of_band: true })
    const draft = await s.invoices.create({
      customer: customer.id,
      subscription: sent.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      custom_fields: [{ name: 'PO number', value: 'PO-1' }],
    })
    await s.invoiceItems.create({ customer: customer.id, invoice: draft.id, pricing: { price: 'commercial' }, quantity: 1, period: { start: T0, end: T0 + 86_400 } })
    await s.invoices.finalizeInvoice(draft.id!)
    await s.customers.createBalanceTransaction(customer.id, { amount: -100, currency: 'usd', metadata: { note: 'x' } })
    await s.customers.listBalanceTransactions(customer.id, { limit: 3 })
    const quote = await s.quotes.create({ customer: customer.id, line_items: [{ price: 'commercial', quantity: 2 }], collection_method: 'send_invoice', invoice_settings: { days_until_due: 30 } })
    await s.quotes.finalizeQuote(quote.id)
    await s.quotes.retrieve(quote.id)
    await s.quotes.list({ customer: customer.id, status: 'open' })
    await s.quotes.pdf(quote.id)
    await s.quotes.accept(quote.id)

    await s.testHelpers.testClocks.retrieve(clock!.id)
    await s.testHelpers.testClocks.list({ limit: 2 })
    await s.testHelpers.testClocks.advance(clock!.id, { frozen_time: T0 + 86_400 })
    const created = await s.testHelpers.testClocks.create({ frozen_time: T0, name: 'spare' })
    expect(created.status).toBe('ready')

    const prices = await s.prices.list({ active: true })
    await s.prices.retrieve(prices.data[0]!.id, { expand: ['product'] })
    await s.products.retrieve(String(prices.data[0]!.product))
    const events = await s.events.list({ type: 'customer.subscription.updated', limit: 5 })
    await s.events.retrieve(events.data[0]!.id)

    const operations = Object.values(description.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId))
    expect(new Set(t.recorder.checked.map((entry) => entry.operation))).toEqual(new Set([...operations, 'webhook event']))
    expect(t.recorder.checked.filter((entry) => entry.problems.length > 0)).toEqual([])
  })
})
