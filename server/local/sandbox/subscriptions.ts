import type Stripe from 'stripe'
import { chargedPaymentMethod, chargeError, issueInvoice, nowFor, periodLine, priceOf, prorationLines, recordInvoiceOutcome, retryInvoice } from './billing'
import { findPrice, type Ctx } from './context'
import { addYear } from './objects'
import { invoice as buildInvoice, type InvoiceLineInput, subscription as buildSubscription } from './objects-billing'
import { errors } from './protocol'
import { changes, insert, list, mustLoad, recordEvent, save } from './store'

/** Subscriptions' lives: creation, plan and seat changes with proration, cancellation, renewal. */

export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none'

interface PendingProrations {
  pendingProrations?: InvoiceLineInput[]
}

/** Creates an active subscription with one item and its paid first invoice (subscription_create). */
export async function startSubscription(
  ctx: Ctx,
  input: { customer: Stripe.Customer; priceId: string; quantity: number; paymentMethod: string | null; metadata: Record<string, string> },
): Promise<{ subscription: Stripe.Subscription; invoice: Stripe.Invoice; failure: Awaited<ReturnType<typeof issueInvoice>>['failure'] }> {
  const price = findPrice(ctx.core, input.priceId)
  const at = await nowFor(ctx.q, input.customer)
  const testClock = typeof input.customer.test_clock === 'string' ? input.customer.test_clock : null
  const subscription = buildSubscription({
    customer: input.customer.id,
    created: at,
    price,
    quantity: input.quantity,
    periodStart: at,
    periodEnd: addYear(at),
    defaultPaymentMethod: input.paymentMethod,
    metadata: input.metadata,
    testClock,
  })
  const item = subscription.items.data[0]!
  await insert(ctx.q, subscription, { customer: input.customer.id, subscription: subscription.id, testClock })
  const { invoice, failure } = await issueInvoice(ctx, {
    customer: input.customer,
    subscription,
    reason: 'subscription_create',
    lines: [periodLine(price, input.quantity, item.id, at, item.current_period_end)],
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
}

const canceled = (subscription: Stripe.Subscription) => subscription.status === 'canceled' || subscription.status === 'incomplete_expired'

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
  const now = await nowFor(ctx.q, customer)
  if (change.metadata !== undefined) subscription.metadata = change.metadata
  if (change.defaultPaymentMethod !== undefined) {
    if (change.defaultPaymentMethod) {
      const method = await mustLoad<Stripe.PaymentMethod>(ctx.q, 'payment_method', change.defaultPaymentMethod, { param: 'default_payment_method' })
      if (method.data.customer !== customer.id)
        throw errors.invalid('default_payment_method', `The customer does not have a payment method with the ID ${change.defaultPaymentMethod}. The payment method must be attached to the customer.`)
    }
    subscription.default_payment_method = change.defaultPaymentMethod
  }
  if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== subscription.cancel_at_period_end) setCancelAtPeriodEnd(subscription, change.cancelAtPeriodEnd, now)
  let issued: Awaited<ReturnType<typeof issueInvoice>> | null = null
  if (changesPlan) {
    const proration = await prorationFor(ctx, subscription, customer, { ...change, prorationDate: change.prorationDate ?? now })
    const { item, newPrice, quantity, lines } = proration
    const next = { ...item, price: { ...item.price }, plan: { ...item.plan } }
    const fresh = buildSubscription({
      customer: customer.id,
      created: item.created,
      price: newPrice,
      quantity,
      periodStart: item.current_period_start,
      periodEnd: item.current_period_end,
      defaultPaymentMethod: null,
      metadata: {},
      testClock: null,
    }).items.data[0]!
    Object.assign(next, { price: fresh.price, plan: fresh.plan, quantity })
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

/** Sets or unsets cancellation at the period's end, as Stripe's portal and API do. */
export function setCancelAtPeriodEnd(subscription: Stripe.Subscription, cancel: boolean, now: number) {
  subscription.cancel_at_period_end = cancel
  subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null
  subscription.canceled_at = cancel ? now : null
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: cancel ? 'cancellation_requested' : null }
}

/** Cancels a subscription now (DELETE /v1/subscriptions/:id). */
export async function cancelSubscription(ctx: Ctx, id: string): Promise<Stripe.Subscription> {
  const subscription = (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', id, { lock: true })).data
  if (canceled(subscription)) throw errors.request(`This subscription has already been canceled: '${id}'`, { code: 'resource_missing' })
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(subscription.customer))).data
  const now = await nowFor(ctx.q, customer)
  end(subscription, now, 'cancellation_requested')
  await save(ctx.q, subscription)
  await recordEvent(ctx.q, ctx.request, 'customer.subscription.deleted', subscription)
  return subscription
}

function end(subscription: Stripe.Subscription, at: number, reason: Stripe.Subscription.CancellationDetails.Reason) {
  subscription.status = 'canceled'
  subscription.ended_at = at
  subscription.canceled_at = subscription.canceled_at ?? at
  subscription.cancel_at = subscription.cancel_at_period_end ? subscription.cancel_at : null
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason }
}

/** The invoice POST /v1/invoices/create_preview answers: what a change would charge (Stripe's preview, without an id). */
export async function previewInvoice(
  ctx: Ctx,
  input: { customer: string; subscription: string; itemId?: string; priceId?: string; quantity?: number; prorationBehavior: ProrationBehavior; prorationDate?: number },
): Promise<Stripe.Invoice> {
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', input.customer, { param: 'customer' })).data
  const row = await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', input.subscription, { param: 'subscription' })
  const subscription = row.data
  if (subscription.customer !== customer.id) throw errors.invalid('subscription', `The subscription ${subscription.id} does not belong to the customer ${customer.id}.`)
  const now = await nowFor(ctx.q, customer)
  const proration = await prorationFor(ctx, subscription, customer, { ...input, prorationDate: input.prorationDate ?? now }, 'subscription_details[items][0]')
  const pending = (row.private as PendingProrations).pendingProrations ?? []
  if (input.prorationBehavior === 'always_invoice') {
    return buildInvoice({
      id: null,
      customer,
      subscription,
      created: now,
      billingReason: 'subscription_update',
      lines: proration.lines,
      periodStart: proration.at,
      periodEnd: proration.at,
      number: null,
    })
  }
  // Otherwise the next renewal's invoice: the next period, with the pending (and these) prorations.
  const start = proration.item.current_period_end
  const lines = [...pending, ...(input.prorationBehavior === 'create_prorations' ? proration.lines : []), periodLine(proration.newPrice, proration.quantity, proration.item.id, start, addYear(start))]
  return buildInvoice({ id: null, customer, subscription, created: now, billingReason: 'upcoming', lines, periodStart: proration.item.current_period_start, periodEnd: start, number: null })
}

/** Moves a customer's subscriptions to a test clock's new time: renewals, retries, cancellations at period end. */
export async function advanceSubscriptions(ctx: Ctx, customer: Stripe.Customer, to: number) {
  const subscriptions = await list<Stripe.Subscription>(
    ctx.q,
    'subscription',
    { customer: customer.id, json: { status: ['active', 'past_due', 'incomplete', 'trialing', 'unpaid'] } },
    { limit: 1000 },
    '',
  )
  for (const listed of subscriptions.data.reverse()) {
    const row = await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', listed.id, { lock: true })
    const subscription = row.data
    const secret = row.private as PendingProrations
    for (;;) {
      const fresh = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customer.id)).data
      const item = subscription.items.data[0]!
      const open = (await list<Stripe.Invoice>(ctx.q, 'invoice', { subscription: subscription.id, json: { status: 'open' } }, { limit: 100 }, '')).data.filter(
        (invoice) => invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= to,
      )
      const retry = open.sort((a, b) => a.next_payment_attempt! - b.next_payment_attempt!)[0]
      const periodEnd = item.current_period_end
      if (retry && retry.next_payment_attempt! < periodEnd) {
        const before = structuredClone(subscription)
        const paid = await retryInvoice(ctx, retry, subscription, fresh, retry.next_payment_attempt!)
        if (paid && subscription.status === 'past_due') {
          subscription.status = 'active'
          await save(ctx.q, subscription)
          await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
        }
        continue
      }
      if (periodEnd > to) break
      const before = structuredClone(subscription)
      if (subscription.cancel_at_period_end) {
        end(subscription, periodEnd, 'cancellation_requested')
        await save(ctx.q, subscription)
        await recordEvent(ctx.q, ctx.request, 'customer.subscription.deleted', subscription)
        break
      }
      const price = priceOf(ctx, item)
      const nextEnd = addYear(periodEnd)
      subscription.items.data = subscription.items.data.map((candidate) => ({ ...candidate, current_period_start: periodEnd, current_period_end: nextEnd }))
      const lines = [...(secret.pendingProrations ?? []), periodLine(price, item.quantity ?? 1, item.id, periodEnd, nextEnd)]
      secret.pendingProrations = []
      const issued = await issueInvoice(ctx, {
        customer: fresh,
        subscription,
        reason: 'subscription_cycle',
        lines,
        periodStart: item.current_period_start,
        periodEnd,
        at: periodEnd,
        paymentMethod: chargedPaymentMethod(subscription, fresh),
        record: false,
      })
      subscription.latest_invoice = issued.invoice.id
      if (issued.failure) subscription.status = 'past_due'
      await save(ctx.q, subscription, secret as Record<string, unknown>)
      await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
      await recordInvoiceOutcome(ctx, issued.invoice, issued.failure)
    }
  }
}
