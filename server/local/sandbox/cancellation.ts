import type Stripe from 'stripe'
import { nowFor } from './billing'
import type { Ctx } from './context'
import { errors } from './protocol'
import { mustLoad, recordEvent, save } from './store'

/** How a subscription ends: canceled now, or at its period's end. */

export const canceled = (subscription: Stripe.Subscription) => subscription.status === 'canceled' || subscription.status === 'incomplete_expired'

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

export function end(subscription: Stripe.Subscription, at: number, reason: Stripe.Subscription.CancellationDetails.Reason | null) {
  subscription.status = 'canceled'
  subscription.ended_at = at
  subscription.canceled_at = subscription.canceled_at ?? at
  subscription.cancel_at = subscription.cancel_at_period_end ? subscription.cancel_at : null
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason }
}
