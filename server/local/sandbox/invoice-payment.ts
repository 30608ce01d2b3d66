import type Stripe from 'stripe'
import { chargedPaymentMethod, chargeError, collect, markPaid, nowFor, recordInvoiceOutcome } from './billing'
import type { Ctx } from './context'
import { attachedMethod } from './payment-methods'
import { errors } from './protocol'
import { changes, list, mustLoad, recordEvent, save } from './store'

/**
 * POST /v1/invoices/:id/pay: an open invoice paid now, by charging a payment method, or marked paid
 * outside Stripe (`paid_out_of_band`: a bank transfer the seller saw arrive, a cheque). A
 * subscription past due for it is active again once it has no other overdue invoice.
 */
export async function payInvoice(ctx: Ctx, id: string, input: { outOfBand: boolean; paymentMethod: string | null }): Promise<Stripe.Invoice> {
  const invoice = (await mustLoad<Stripe.Invoice>(ctx.q, 'invoice', id, { lock: true })).data
  if (invoice.status === 'paid') throw errors.request('Invoice is already paid.')
  if (invoice.status !== 'open') throw errors.request(`You can only pay an open invoice. This invoice is ${invoice.status}.`)
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(invoice.customer))).data
  const now = await nowFor(ctx.q, customer)
  const subscriptionId = invoice.parent?.subscription_details?.subscription
  const subscription = subscriptionId ? (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', String(subscriptionId), { lock: true })).data : null
  if (input.outOfBand) markPaid(invoice, now)
  else {
    if (input.paymentMethod) await attachedMethod(ctx.q, customer.id, input.paymentMethod, 'payment_method')
    const method = input.paymentMethod ?? (subscription ? chargedPaymentMethod(subscription, customer) : null)
    const failure = await collect(ctx, invoice, method, now)
    if (failure) throw chargeError(failure)
  }
  await save(ctx.q, invoice)
  await recordInvoiceOutcome(ctx, invoice, null)
  if (subscription && (subscription.status === 'past_due' || subscription.status === 'unpaid') && !(await hasOverdueInvoice(ctx, subscription.id, now))) {
    const before = structuredClone(subscription)
    subscription.status = 'active'
    await save(ctx.q, subscription)
    await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
  }
  return invoice
}

/** An open invoice of the subscription whose due date has passed, or whose charge failed. */
export async function hasOverdueInvoice(ctx: Ctx, subscriptionId: string, now: number): Promise<boolean> {
  const open = await list<Stripe.Invoice>(ctx.q, 'invoice', { subscription: subscriptionId, json: { status: 'open' } }, { limit: 100 }, '')
  return open.data.some((invoice) => (invoice.collection_method === 'send_invoice' ? (invoice.due_date ?? Infinity) <= now : invoice.attempt_count > 0))
}
