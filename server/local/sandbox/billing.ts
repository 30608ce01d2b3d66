import type Stripe from 'stripe'
import type { Queryable } from '@/server/db/database'
import { chargeDecline } from './cards'
import { findPrice, type Ctx } from './context'
import { unix } from './objects/ids'
import { invoice as buildInvoice, type InvoiceLineInput } from './objects/invoices'
import type { SandboxPrice } from './options'
import { errors, type StripeApiError } from './protocol'
import { insert, load, mustLoad, recordEvent, save } from './store'
import { invoiceTax, invoiceTaxIds } from './customer-tax'
import { invoicePdfAddress } from './invoice-pdf'
import { virtualAccountOf } from './funding'
import { applyBalance } from './customer-balance'

/** Invoices and charges: what Stripe's billing engine does when a subscription is paid for. */

/** The customer's "now": its test clock's frozen time, or the real time. */
export async function nowFor(q: Queryable, customer: Stripe.Customer): Promise<number> {
  const clockId = typeof customer.test_clock === 'string' ? customer.test_clock : (customer.test_clock?.id ?? null)
  if (!clockId) return unix(Date.now())
  const clock = await load<Stripe.TestHelpers.TestClock>(q, 'test_helpers.test_clock', clockId)
  return clock ? clock.data.frozen_time : unix(Date.now())
}

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id)

/** The payment method a subscription's invoices charge: its own default, else the customer's. */
export function chargedPaymentMethod(subscription: Stripe.Subscription, customer: Stripe.Customer): string | null {
  return idOf(subscription.default_payment_method) ?? idOf(customer.invoice_settings.default_payment_method)
}

export const priceOf = (ctx: Ctx, item: Stripe.SubscriptionItem): SandboxPrice => findPrice(ctx.core, item.price.id)

export const shortDate = (seconds: number) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(seconds * 1000))

/** The line of a whole period: seats × price. */
export function periodLine(price: SandboxPrice, quantity: number, item: string, start: number, end: number): InvoiceLineInput {
  return {
    amount: price.unitAmount * quantity,
    description: `${quantity} × ${price.productName} (at ${usd(price.unitAmount)} / year)`,
    price,
    quantity,
    periodStart: start,
    periodEnd: end,
    proration: false,
    subscriptionItem: item,
  }
}

/** The $0 line of a free trial. */
export function trialLine(price: SandboxPrice, quantity: number, item: string, start: number, end: number): InvoiceLineInput {
  return { amount: 0, description: `Trial period for ${price.productName}`, price, quantity, periodStart: start, periodEnd: end, proration: false, subscriptionItem: item }
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`

/**
 * Stripe's proration: a credit for the unused time of the old price × quantity and a charge for the
 * remaining time of the new one, each proportional to the seconds left in the period, in cents
 * rounded per line.
 */
export function prorationLines(item: Stripe.SubscriptionItem, oldPrice: SandboxPrice, newPrice: SandboxPrice, newQuantity: number, at: number): InvoiceLineInput[] {
  const start = item.current_period_start
  const end = item.current_period_end
  const oldQuantity = item.quantity ?? 1
  if (oldPrice.id === newPrice.id && oldQuantity === newQuantity) return []
  const from = Math.min(Math.max(at, start), end)
  const fraction = (end - from) / (end - start)
  if (fraction <= 0) return []
  return [
    {
      amount: -Math.round(oldPrice.unitAmount * oldQuantity * fraction),
      description: `Unused time on ${oldQuantity} × ${oldPrice.productName} after ${shortDate(from)}`,
      price: oldPrice,
      quantity: oldQuantity,
      periodStart: from,
      periodEnd: end,
      proration: true,
      subscriptionItem: item.id,
    },
    {
      amount: Math.round(newPrice.unitAmount * newQuantity * fraction),
      description: `Remaining time on ${newQuantity} × ${newPrice.productName} after ${shortDate(from)}`,
      price: newPrice,
      quantity: newQuantity,
      periodStart: from,
      periodEnd: end,
      proration: true,
      subscriptionItem: item.id,
    },
  ]
}

export interface IssuedInvoice {
  invoice: Stripe.Invoice
  /** Why the charge failed, or null when the invoice is paid. */
  failure: { code: 'generic_decline' | 'insufficient_funds' | 'payment_method_missing'; message: string } | null
}

/** Tries to collect an open invoice from a payment method: paid, or open with the failed attempt counted. */
export async function collect(ctx: Ctx, invoice: Stripe.Invoice, paymentMethodId: string | null, at: number): Promise<IssuedInvoice['failure']> {
  invoice.attempt_count += invoice.amount_due > 0 ? 1 : 0
  invoice.attempted = invoice.amount_due > 0
  let failure: IssuedInvoice['failure'] = null
  if (invoice.amount_due > 0) {
    if (!paymentMethodId) failure = { code: 'payment_method_missing', message: 'This customer has no attached payment source or default payment method.' }
    else {
      const method = await load<Stripe.PaymentMethod>(ctx.q, 'payment_method', paymentMethodId)
      failure = method ? chargeDecline(String(method.private.number ?? '')) : { code: 'payment_method_missing', message: 'This customer has no attached payment source or default payment method.' }
    }
  }
  if (failure) {
    invoice.status = 'open'
    // Stripe's retries of a failed renewal: 3, 5 and 7 days after the previous attempt, 4 attempts in all.
    const retryDays = [3, 5, 7][invoice.attempt_count - 1]
    invoice.next_payment_attempt = invoice.billing_reason === 'subscription_cycle' && retryDays ? at + retryDays * 86_400 : null
    return failure
  }
  markPaid(invoice, at)
  return null
}

/** The invoice paid in full at `at`. */
export function markPaid(invoice: Stripe.Invoice, at: number) {
  invoice.status = 'paid'
  invoice.amount_paid = invoice.amount_due
  invoice.amount_remaining = 0
  invoice.next_payment_attempt = null
  invoice.status_transitions.paid_at = at
}

/**
 * A sent invoice (collection_method send_invoice) is not charged: it stays open until its due date
 * for the customer to pay, by a transfer to their virtual account (the sandbox's invoice settings
 * offer bank transfers on every sent invoice, and its PDF prints the account). One of nothing to
 * pay is paid at once.
 */
async function send(ctx: Ctx, invoice: Stripe.Invoice, at: number): Promise<IssuedInvoice['failure']> {
  if (invoice.amount_due <= 0) markPaid(invoice, at)
  else await virtualAccountOf(ctx.q, String(invoice.customer))
  return null
}

/** Creates, finalises and charges a subscription's invoice, and records invoice.paid or invoice.payment_failed. */
export async function issueInvoice(
  ctx: Ctx,
  input: {
    customer: Stripe.Customer
    subscription: Stripe.Subscription
    reason: Stripe.Invoice.BillingReason
    lines: InvoiceLineInput[]
    periodStart: number
    periodEnd: number
    at: number
    paymentMethod: string | null
    record?: boolean
  },
): Promise<IssuedInvoice> {
  const taxIds = await invoiceTaxIds(ctx.q, input.customer.id)
  const invoice = buildInvoice({
    customer: input.customer,
    subscription: input.subscription,
    created: input.at,
    billingReason: input.reason,
    lines: input.lines,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    number: null,
    taxIds,
    tax: input.subscription.automatic_tax.enabled ? invoiceTax(input.customer, taxIds, input.lines) : null,
  })
  const failure = await finalize(ctx, invoice, { at: input.at, charge: { paymentMethod: input.paymentMethod } })
  await insert(ctx.q, invoice, { customer: invoice.customer as string, subscription: input.subscription.id, testClock: idOf(input.customer.test_clock) })
  if (input.record !== false) await recordInvoiceOutcome(ctx, invoice, failure)
  return { invoice, failure }
}

/**
 * A draft made final at `at`: numbered from its customer's sequence, the customer's balance applied
 * (customer-balance.ts), open, then sent (send_invoice) or, when `charge` says so, charged.
 */
export async function finalize(ctx: Ctx, invoice: Stripe.Invoice, input: { at: number; charge: { paymentMethod: string | null } | null }): Promise<IssuedInvoice['failure']> {
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(invoice.customer), { lock: true })).data
  const sequence = customer.next_invoice_sequence ?? 1
  customer.next_invoice_sequence = sequence + 1
  invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`
  applyBalance(invoice, customer)
  await save(ctx.q, customer)
  invoice.invoice_pdf = invoicePdfAddress(ctx.core, invoice.id!)
  invoice.status = 'open'
  invoice.status_transitions.finalized_at = input.at
  invoice.effective_at = input.at
  if (invoice.collection_method === 'send_invoice') return send(ctx, invoice, input.at)
  return input.charge ? collect(ctx, invoice, input.charge.paymentMethod, input.at) : null
}

export async function recordInvoiceOutcome(ctx: Ctx, invoice: Stripe.Invoice, failure: IssuedInvoice['failure']) {
  if (failure) await recordEvent(ctx.q, ctx.request, 'invoice.payment_failed', invoice)
  else if (invoice.status === 'paid') await recordEvent(ctx.q, ctx.request, 'invoice.paid', invoice)
  else await recordEvent(ctx.q, ctx.request, 'invoice.finalized', invoice)
}

/** The 402 a failed charge answers with (or 400 without a payment method), as Stripe's API does. */
export function chargeError(failure: NonNullable<IssuedInvoice['failure']>): StripeApiError {
  if (failure.code === 'payment_method_missing') return errors.request(failure.message, { code: 'resource_missing' })
  return errors.card(failure.code, failure.message)
}

/** Retries an open invoice (a renewal whose charge failed) with the payment method of now. */
export async function retryInvoice(ctx: Ctx, invoice: Stripe.Invoice, subscription: Stripe.Subscription, customer: Stripe.Customer, at: number): Promise<boolean> {
  const failure = await collect(ctx, invoice, chargedPaymentMethod(subscription, customer), at)
  await save(ctx.q, invoice)
  await recordInvoiceOutcome(ctx, invoice, failure)
  return failure === null
}
