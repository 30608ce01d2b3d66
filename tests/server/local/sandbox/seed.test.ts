import { describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { resetSandbox, type SandboxSeedCustomer } from '@/server/local/sandbox/seed'
import { databases, prices, useSandbox } from './harness'

const customers: SandboxSeedCustomer[] = [
  {
    id: 'cus_demo_commercial',
    email: 'commercial@example.com',
    name: 'Cara Commercial',
    accountOid: 'oid-commercial',
    card: { id: 'pm_demo_commercial', number: '4242424242424242' },
    testClock: { id: 'clock_demo_commercial', frozenTime: new Date('2027-03-01T00:00:00Z') },
    subscription: { id: 'sub_demo_commercial', priceId: 'commercial', quantity: 5, currentPeriodStart: new Date('2026-06-01T00:00:00Z'), currentPeriodEnd: new Date('2027-06-01T00:00:00Z') },
  },
  {
    id: 'cus_demo_full',
    email: 'full@example.com',
    name: 'Fran Full',
    accountOid: 'oid-full',
    card: null,
    testClock: { id: 'clock_demo_full', frozenTime: new Date('2027-03-01T00:00:00Z') },
    subscription: { id: 'sub_demo_full', priceId: 'commercial', quantity: 2, currentPeriodStart: new Date('2026-04-01T00:00:00Z'), currentPeriodEnd: new Date('2027-04-01T00:00:00Z') },
  },
]

describe.each(databases)('resetting the sandbox on $name', ({ open }) => {
  const sandbox = useSandbox(open)

  it('empties the tables and creates the customers, clocks, cards, subscriptions and paid invoices without events', async () => {
    const t = sandbox()
    await t.stripe.customers.create({ email: 'gone@example.com' })
    await t.sandbox.webhooks.drain()
    await t.db.transaction((tx) => resetSandbox(tx, customers, prices))
    expect((await t.stripe.customers.list({ email: 'gone@example.com' })).data).toEqual([])
    expect((await t.stripe.events.list()).data).toEqual([])
    const customer = (await t.stripe.customers.retrieve('cus_demo_commercial', { expand: ['invoice_settings.default_payment_method'] })) as Stripe.Customer
    expect(customer).toMatchObject({ email: 'commercial@example.com', name: 'Cara Commercial', metadata: { accountOid: 'oid-commercial' }, test_clock: 'clock_demo_commercial' })
    expect((customer.invoice_settings.default_payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })
    expect(await t.stripe.testHelpers.testClocks.retrieve('clock_demo_commercial')).toMatchObject({ frozen_time: Date.parse('2027-03-01T00:00:00Z') / 1000, status: 'ready' })
    const subscription = await t.stripe.subscriptions.retrieve('sub_demo_commercial')
    expect(subscription).toMatchObject({ status: 'active', customer: 'cus_demo_commercial', test_clock: 'clock_demo_commercial' })
    expect(subscription.items.data[0]).toMatchObject({
      quantity: 5,
      price: { id: 'commercial' },
      current_period_start: Date.parse('2026-06-01T00:00:00Z') / 1000,
      current_period_end: Date.parse('2027-06-01T00:00:00Z') / 1000,
    })
    const invoices = await t.stripe.invoices.list({ customer: 'cus_demo_commercial' })
    expect(invoices.data.map((invoice) => [invoice.status, invoice.amount_paid, invoice.billing_reason])).toEqual([['paid', 149_500, 'subscription_create']])
    const full = (await t.stripe.customers.retrieve('cus_demo_full')) as Stripe.Customer
    expect(full.invoice_settings.default_payment_method).toBeNull()
    // The demo clock renews the seeded subscription with its card.
    await t.stripe.testHelpers.testClocks.advance('clock_demo_commercial', { frozen_time: Date.parse('2027-06-02T00:00:00Z') / 1000 })
    const renewed = await t.stripe.subscriptions.retrieve('sub_demo_commercial', { expand: ['latest_invoice'] })
    expect(renewed.latest_invoice as Stripe.Invoice).toMatchObject({ status: 'paid', amount_paid: 149_500, billing_reason: 'subscription_cycle', number: expect.stringMatching(/-0002$/) })
    // The one without a card falls past due.
    await t.stripe.testHelpers.testClocks.advance('clock_demo_full', { frozen_time: Date.parse('2027-04-02T00:00:00Z') / 1000 })
    expect((await t.stripe.subscriptions.retrieve('sub_demo_full')).status).toBe('past_due')
  })
})
