import type Stripe from 'stripe'
import { chargedPaymentMethod, chargeError, issueInvoice, nowFor, periodLine, priceOf, prorationLines, recordInvoiceOutcome, trialLine } from './billing'
import type { Collection, CustomField } from './collection'
import { canceled, setCancelAtPeriodEnd } from './cancellation'
import { findPrice, type Ctx } from './context'
import { attachedMethod } from './payment-methods'
import { addYear } from './objects/ids'
import { planObject, priceObject } from './objects/catalogue'
import type { InvoiceLineInput } from './objects/invoices'
import { subscription as buildSubscription } from './objects/subscriptions'
import { errors } from './protocol'
import { moveTrialEnd, type TrialInput } from './trials'
import { changes, insert, mustLoad, recordEvent, save } from './store'

/** Subscriptions' lives: creation, plan and seat changes with proration (cancellation.ts ends them, renewals.ts renews them). */

export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none'

export interface PendingProrations {
  pendingProrations?: InvoiceLineInput[]
}

/** How a new subscription's invoices are collected and what they print (collection.ts). */
export interface InvoicingInput {
  collection?: Collection
  customFields?: CustomField[] | null
}

/**
 * Creates a subscription with one item and its first invoice (subscription_create): paid by card,
 * or sent with days to pay (send_invoice: active, the invoice open), or free until a trial's end.
 */
export async function startSubscription(
  ctx: Ctx,
  input: { customer: Stripe.Customer; priceId: string; quantity: number; paymentMethod: string | null; metadata: Record<string, string>; automaticTax?: boolean; trial?: TrialInput } & InvoicingInput,
): Promise<{ subscription: Stripe.Subscription; invoice: Stripe.Invoice; failure: Awaited<ReturnType<typeof issueInvoice>>['failure'] }> {
  const price = findPrice(ctx.core, input.priceId)
  const at = await nowFor(ctx.q, input.customer)
  const testClock = typeof input.customer.test_clock === 'string' ? input.customer.test_clock : null
  const trial = input.trial
  if (trial && trial.end <= at) throw errors.invalid('trial_end', 'Invalid timestamp: must be an integer Unix timestamp in the future.')
  const subscription = buildSubscription({
    customer: input.customer.id,
    created: at,
    price,
    quantity: input.quantity,
    periodStart: at,
    periodEnd: trial ? trial.end : addYear(at),
    defaultPaymentMethod: input.paymentMethod,
    metadata: input.metadata,
    testClock,
  })
  if (input.automaticTax) subscription.automatic_tax = { disabled_reason: null, enabled: true, liability: { type: 'self' } }
  applyInvoicing(subscription, input)
  if (trial) {
    subscription.status = 'trialing'
    subscription.trial_start = at
    subscription.trial_end = trial.end
    subscription.billing_cycle_anchor = trial.end
    subscription.trial_settings = { end_behavior: { billing_cycle_anchor: null, missing_payment_method: trial.missingPaymentMethod } }
  }
  const item = subscription.items.data[0]!
  await insert(ctx.q, subscription, { customer: input.customer.id, subscription: subscription.id, testClock })
  const { invoice, failure } = await issueInvoice(ctx, {
    customer: input.customer,
    subscription,
    reason: 'subscription_create',
    lines: [trial ? trialLine(price, input.quantity, item.id, at, trial.end) : periodLine(price, input.quantity, item.id, at, item.current_period_end)],
    periodStart: at,
    periodEnd: at,
    at,
    paymentMethod: input.paymentMethod ?? chargedPaymentMethod(subscription, input.customer),
    record: false,
  })
  subscription.latest_invoice = invoice.id
  if (failure) subscription.status = 'incomplete'
  await save(ctx.q, subscription)
  await recordEvent(ctx.q, ctx.request, 'customer.subscription.created', subscription)
  await recordInvoiceOutcome(ctx, invoice, failure)
  return { subscription, invoice, failure }
}

/** Sets a subscription's collection and its invoices' custom fields. */
export function applyInvoicing(subscription: Stripe.Subscription, input: InvoicingInput) {
  if (input.collection) {
    subscription.collection_method = input.collection.method
    subscription.days_until_due = input.collection.daysUntilDue
  }
  if (input.customFields !== undefined) subscription.invoice_settings = { ...subscription.invoice_settings, custom_fields: input.customFields }
}

export interface SubscriptionChange {
  itemId?: string
  priceId?: string
  quantity?: number
  prorationBehavior: ProrationBehavior
  prorationDate?: number
  paymentBehavior: 'allow_incomplete' | 'error_if_incomplete' | 'default_incomplete' | 'pending_if_incomplete'
  cancelAtPeriodEnd?: boolean
  metadata?: Record<string, string>
  defaultPaymentMethod?: string | null
  /** A trialing subscription's new trial end (trials.ts). */
  trialEnd?: number | 'now'
  /** The custom fields its invoices print from now on (a PO number for seats added by invoice); null clears them. */
  customFields?: CustomField[] | null
}

/** The item a change names (items[0][id]), or the single item. */
function itemFor(subscription: Stripe.Subscription, itemId: string | undefined, param: string): Stripe.SubscriptionItem {
  // Stripe adds a new item when the id is missing; the sandbox keeps one item a subscription, so it refuses instead.
  if (!itemId) throw errors.required(param)
  const item = subscription.items.data.find((candidate) => candidate.id === itemId)
  if (!item) throw errors.invalid(param, `Invalid subscription_item id: ${itemId}`)
  return item
}

/** The invoice a plan or seat change would charge now with always_invoice (or its proration lines). */
export async function prorationFor(
  ctx: Ctx,
  subscription: Stripe.Subscription,
  customer: Stripe.Customer,
  change: { itemId?: string; priceId?: string; quantity?: number; prorationDate?: number },
  prefix = 'items[0]',
) {
  const item = change.itemId === undefined && change.priceId === undefined && change.quantity === undefined ? subscription.items.data[0]! : itemFor(subscription, change.itemId, `${prefix}[id]`)
  const oldPrice = priceOf(ctx, item)
  const newPrice = change.priceId ? findPrice(ctx.core, change.priceId, `${prefix}[price]`) : oldPrice
  const quantity = change.quantity ?? item.quantity ?? 1
  const at = change.prorationDate ?? (await nowFor(ctx.q, customer))
  return { item, oldPrice, newPrice, quantity, at, lines: prorationLines(item, oldPrice, newPrice, quantity, at) }
}

/** Updates a subscription as POST /v1/subscriptions/:id does. Throws (rolling back) a 402 with error_if_incomplete. */
export async function updateSubscription(ctx: Ctx, id: string, change: SubscriptionChange): Promise<Stripe.Subscription> {
  const row = await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', id, { lock: true })
  const subscription = row.data
  const before = structuredClone(subscription)
  const secret = row.private as PendingProrations
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(subscription.customer))).data
  const changesPlan = change.priceId !== undefined || change.quantity !== undefined
  if (canceled(subscription) && (changesPlan || change.cancelAtPeriodEnd !== undefined)) {
    throw errors.request('A canceled subscription can only update its cancellation_details and metadata.')
  }
  if (subscription.schedule && change.cancelAtPeriodEnd !== undefined) {
    const schedule = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule.id
    throw errors.request(`The subscription is managed by the subscription schedule \`${schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`)
  }
  const now = await nowFor(ctx.q, customer)
  if (change.metadata !== undefined) subscription.metadata = change.metadata
  if (change.defaultPaymentMethod !== undefined) {
    if (change.defaultPaymentMethod) await attachedMethod(ctx.q, customer.id, change.defaultPaymentMethod, 'default_payment_method')
    subscription.default_payment_method = change.defaultPaymentMethod
  }
  if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== subscription.cancel_at_period_end) setCancelAtPeriodEnd(subscription, change.cancelAtPeriodEnd, now)
  if (change.trialEnd === 'now') throw errors.invalid('trial_end', 'The payment sandbox ends a trial at its trial_end: set a later time, or let the test clock pass it.')
  if (change.trialEnd !== undefined) moveTrialEnd(subscription, change.trialEnd, now)
  if (change.customFields !== undefined) applyInvoicing(subscription, { customFields: change.customFields })
  let issued: Awaited<ReturnType<typeof issueInvoice>> | null = null
  if (changesPlan) {
    const proration = await prorationFor(ctx, subscription, customer, { ...change, prorationDate: change.prorationDate ?? now })
    const { item, newPrice, quantity, lines } = proration
    const next = { ...item, price: priceObject(newPrice, item.created), plan: planObject(newPrice, item.created), quantity }
    subscription.items.data = subscription.items.data.map((candidate) => (candidate.id === item.id ? next : candidate))
    if (change.prorationBehavior === 'always_invoice' && lines.length > 0) {
      issued = await issueInvoice(ctx, {
        customer,
        subscription,
        reason: 'subscription_update',
        lines,
        periodStart: proration.at,
        periodEnd: proration.at,
        at: now,
        paymentMethod: chargedPaymentMethod(subscription, customer),
        record: false,
      })
      if (issued.failure && change.paymentBehavior === 'error_if_incomplete') throw chargeError(issued.failure)
      subscription.latest_invoice = issued.invoice.id
      if (issued.failure) subscription.status = 'past_due'
    } else if (change.prorationBehavior === 'create_prorations') {
      secret.pendingProrations = [...(secret.pendingProrations ?? []), ...lines]
    }
  }
  await save(ctx.q, subscription, secret as Record<string, unknown>)
  const previous = changes(before, subscription)
  if (Object.keys(previous).length > 0) await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, previous)
  if (issued) await recordInvoiceOutcome(ctx, issued.invoice, issued.failure)
  return subscription
}
