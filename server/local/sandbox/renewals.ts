import type Stripe from 'stripe'
import { chargedPaymentMethod, issueInvoice, periodLine, priceOf, recordInvoiceOutcome, retryInvoice } from './billing'
import { end } from './cancellation'
import type { Ctx } from './context'
import { addYear } from './objects/ids'
import { changes, list, mustLoad, recordEvent, save } from './store'
import { applyScheduleAt } from './schedules'
import type { PendingProrations } from './subscriptions'
import { trialEndCancels, trialWillEndAt } from './trials'

interface SubscriptionSecrets extends PendingProrations {
  trialWillEndSent?: boolean
}

interface InvoiceSecrets {
  overdue?: boolean
}

/** The earliest open sent invoice of the subscription due by `by` and not yet overdue. */
async function firstOverdue(ctx: Ctx, subscriptionId: string, by: number): Promise<Stripe.Invoice | undefined> {
  const open = await list<Stripe.Invoice>(ctx.q, 'invoice', { subscription: subscriptionId, json: { status: 'open', collection_method: 'send_invoice' } }, { limit: 100 }, '')
  const due = open.data.filter((invoice) => invoice.due_date !== null && invoice.due_date <= by).sort((a, b) => a.due_date! - b.due_date!)
  for (const invoice of due) {
    const row = await mustLoad<Stripe.Invoice>(ctx.q, 'invoice', invoice.id!)
    if (!(row.private as InvoiceSecrets).overdue) return invoice
  }
  return undefined
}

/**
 * A sent invoice unpaid at its due date: invoice.overdue, and its subscription past due (Stripe's
 * default for sent invoices; for one made by hand, as the sandbox's behaviour says).
 */
async function markOverdue(ctx: Ctx, invoice: Stripe.Invoice, subscription: Stripe.Subscription) {
  await save(ctx.q, invoice, { overdue: true } satisfies InvoiceSecrets)
  await recordEvent(ctx.q, ctx.request, 'invoice.overdue', invoice)
  if (subscription.status !== 'active') return
  if (invoice.billing_reason === 'manual' && !ctx.core.behaviour.manualInvoiceOverdueMakesPastDue) return
  const before = structuredClone(subscription)
  subscription.status = 'past_due'
  await save(ctx.q, subscription)
  await recordEvent(ctx.q, ctx.request, 'customer.subscription.updated', subscription, changes(before, subscription))
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
    const secret = row.private as SubscriptionSecrets
    for (;;) {
      const fresh = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customer.id)).data
      const item = subscription.items.data[0]!
      const open = (await list<Stripe.Invoice>(ctx.q, 'invoice', { subscription: subscription.id, json: { status: 'open' } }, { limit: 100 }, '')).data.filter(
        (invoice) => invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= to,
      )
      const retry = open.sort((a, b) => a.next_payment_attempt! - b.next_payment_attempt!)[0]
      const periodEnd = item.current_period_end
      const overdue = await firstOverdue(ctx, subscription.id, Math.min(to, periodEnd))
      if (overdue) {
        await markOverdue(ctx, overdue, subscription)
        continue
      }
      if (subscription.status === 'trialing' && !secret.trialWillEndSent && trialWillEndAt(subscription) <= to) {
        secret.trialWillEndSent = true
        await save(ctx.q, subscription, secret as Record<string, unknown>)
        await recordEvent(ctx.q, ctx.request, 'customer.subscription.trial_will_end', subscription)
        continue
      }
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
      if (subscription.status === 'trialing') {
        // The trial's end: without a payment method and with missing_payment_method cancel, the end of the subscription.
        if (trialEndCancels(subscription, fresh)) {
          end(subscription, periodEnd, null)
          await save(ctx.q, subscription)
          await recordEvent(ctx.q, ctx.request, 'customer.subscription.deleted', subscription)
          break
        }
        subscription.status = 'active'
      }
      // A subscription schedule's next phase sets the new period's price and seats (schedules.ts).
      await applyScheduleAt(ctx, subscription, periodEnd)
      const renewed = subscription.items.data[0]!
      const price = priceOf(ctx, renewed)
      const nextEnd = addYear(periodEnd)
      subscription.items.data = subscription.items.data.map((candidate) => ({ ...candidate, current_period_start: periodEnd, current_period_end: nextEnd }))
      const lines = [...(secret.pendingProrations ?? []), periodLine(price, renewed.quantity ?? 1, renewed.id, periodEnd, nextEnd)]
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
