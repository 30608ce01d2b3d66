import type { Queryable } from '@/server/db/database'
import { customer as buildCustomer, paymentMethod as buildPaymentMethod, testClock as buildTestClock } from './objects/customers'
import { addYear, unix } from './objects/ids'
import { invoice as buildInvoice } from './objects/invoices'
import { subscription as buildSubscription } from './objects/subscriptions'
import type { SandboxPrice } from './options'
import { periodLine } from './billing'
import { insert } from './store'

export interface SandboxSeedCustomer {
  id: string
  email: string
  name: string
  accountOid: string
  /** The default card, or none */
  card: { id: string; number: string } | null
  testClock: { id: string; frozenTime: Date }
  subscription: {
    id: string
    priceId: string
    quantity: number
    currentPeriodStart: Date
    currentPeriodEnd: Date
    /** Its renewal at the current period's start was never paid: `unpaid`, that renewal's invoice open with its retries spent, the year before paid. */
    renewalUnpaid?: true
  }
}

const brandOf = (number: string) => (number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : number.startsWith('3') ? 'amex' : 'card')

/** Empties every sandbox table (the local `db:reset`), then creates these customers, their clock, card, subscription and one paid invoice, without events. */
export async function resetSandbox(tx: Queryable, customers: SandboxSeedCustomer[], prices: SandboxPrice[]): Promise<void> {
  await tx.query('delete from sandbox_webhook_deliveries')
  await tx.query('delete from sandbox_events')
  await tx.query('delete from sandbox_idempotency_keys')
  await tx.query('delete from sandbox_objects')
  const now = unix(Date.now())
  for (const seed of customers) {
    const price = prices.find((candidate) => candidate.id === seed.subscription.priceId)
    if (!price) throw new Error(`resetSandbox: no price ${seed.subscription.priceId} for ${seed.id}`)
    const frozenTime = unix(seed.testClock.frozenTime)
    const start = unix(seed.subscription.currentPeriodStart)
    const end = unix(seed.subscription.currentPeriodEnd)
    const clock = buildTestClock({ id: seed.testClock.id, created: now, frozenTime, name: `${seed.email} (demo)` })
    await insert(tx, clock, { testClock: clock.id })
    const customer = buildCustomer({
      id: seed.id,
      created: Math.min(start, frozenTime),
      email: seed.email,
      name: seed.name,
      description: null,
      metadata: { accountOid: seed.accountOid },
      testClock: clock.id,
    })
    if (seed.card) {
      const number = seed.card.number.replace(/[\s-]/g, '')
      const method = buildPaymentMethod({
        id: seed.card.id,
        created: customer.created,
        customer: customer.id,
        card: { brand: brandOf(number), last4: number.slice(-4), expMonth: 12, expYear: 2030 },
        name: seed.name,
      })
      await insert(tx, method, { customer: customer.id, testClock: clock.id }, { number })
      customer.invoice_settings.default_payment_method = method.id
    }
    const subscription = buildSubscription({
      id: seed.subscription.id,
      customer: customer.id,
      created: start,
      price,
      quantity: seed.subscription.quantity,
      periodStart: start,
      periodEnd: end > start ? end : addYear(start),
      defaultPaymentMethod: null,
      metadata: { accountOid: seed.accountOid },
      testClock: clock.id,
    })
    subscription.items.data[0]!.id = `si_${seed.subscription.id.replace(/^sub_/, '')}`.slice(0, 28)
    // The first invoice paid the first period: the current one, or the year before an unpaid renewal.
    const paidStart = seed.subscription.renewalUnpaid ? start - (subscription.items.data[0]!.current_period_end - start) : start
    const paidEnd = seed.subscription.renewalUnpaid ? start : subscription.items.data[0]!.current_period_end
    if (seed.subscription.renewalUnpaid) subscription.created = paidStart
    const invoice = buildInvoice({
      id: `in_${seed.subscription.id.replace(/^sub_/, '')}`,
      customer,
      subscription,
      created: paidStart,
      billingReason: 'subscription_create',
      lines: [periodLine(price, seed.subscription.quantity, subscription.items.data[0]!.id, paidStart, paidEnd)],
      periodStart: paidStart,
      periodEnd: paidStart,
      number: `${customer.invoice_prefix}-0001`,
    })
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    invoice.attempted = invoice.amount_due > 0
    invoice.attempt_count = invoice.amount_due > 0 ? 1 : 0
    invoice.status_transitions = { finalized_at: paidStart, marked_uncollectible_at: null, paid_at: paidStart, voided_at: null }
    invoice.effective_at = paidStart
    subscription.latest_invoice = invoice.id
    customer.next_invoice_sequence = 2
    const invoices = [invoice]
    if (seed.subscription.renewalUnpaid) {
      const renewal = buildInvoice({
        id: `in_${seed.subscription.id.replace(/^sub_/, '')}_renewal`,
        customer,
        subscription,
        created: start,
        billingReason: 'subscription_cycle',
        lines: [periodLine(price, seed.subscription.quantity, subscription.items.data[0]!.id, start, subscription.items.data[0]!.current_period_end)],
        periodStart: paidStart,
        periodEnd: start,
        number: `${customer.invoice_prefix}-0002`,
      })
      renewal.status = 'open'
      renewal.attempted = true
      // Stripe's four attempts, all failed: no more are made.
      renewal.attempt_count = 4
      renewal.next_payment_attempt = null
      renewal.status_transitions = { finalized_at: start, marked_uncollectible_at: null, paid_at: null, voided_at: null }
      renewal.effective_at = start
      subscription.status = 'unpaid'
      subscription.latest_invoice = renewal.id
      customer.next_invoice_sequence = 3
      invoices.push(renewal)
    }
    await insert(tx, customer, { customer: customer.id, testClock: clock.id })
    await insert(tx, subscription, { customer: customer.id, subscription: subscription.id, testClock: clock.id })
    for (const each of invoices) await insert(tx, each, { customer: customer.id, subscription: subscription.id, testClock: clock.id })
  }
}
