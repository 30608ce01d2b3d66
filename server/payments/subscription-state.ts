import type Stripe from 'stripe'
import type { SubscriptionStatus } from '../licensing/standing'
import type { ObservedSubscription, SubscriptionState } from '../licensing/subscription'
import type { PriceCatalogue } from './stripe-settings'
import { idOf } from './stripe-errors'

/** A subscription's single item: our plans are one price a subscription. */
export const itemOf = (subscription: Stripe.Subscription) => {
  const item = subscription.items.data[0]
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`)
  return item
}

/** A Stripe subscription in the portal's terms, whatever its price (`priceId` null for a price of none of our plans). */
export function observedSubscription(subscription: Stripe.Subscription, prices: PriceCatalogue): ObservedSubscription {
  const item = itemOf(subscription)
  return {
    stripeSubscriptionId: subscription.id,
    customerId: idOf(subscription.customer)!,
    accountOid: subscription.metadata?.accountOid ?? null,
    priceId: prices.planOf(item.price.id) ?? null,
    stripePriceId: item.price.id,
    quantity: item.quantity ?? 1,
    // Stripe's statuses are the portal's words (server/licensing/standing.ts).
    status: subscription.status as SubscriptionStatus,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentDueAt: paymentDueAt(subscription),
    sendsInvoices: subscription.collection_method === 'send_invoice',
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
  }
}

/**
 * When the invoice a subscription paid by invoice awaits is due: its latest invoice, sent and still
 * open. Null when nothing is awaited; undefined when the latest invoice was not read (not expanded).
 */
function paymentDueAt(subscription: Stripe.Subscription): Date | null | undefined {
  if (subscription.collection_method !== 'send_invoice') return null
  const invoice = subscription.latest_invoice
  if (invoice === null) return null
  if (typeof invoice === 'string') return undefined
  return invoice.status === 'open' && invoice.due_date ? new Date(invoice.due_date * 1000) : null
}

/** A Stripe subscription as the portal keeps it; null when it is not for one of our plans. */
export function subscriptionState(subscription: Stripe.Subscription, prices: PriceCatalogue): SubscriptionState | null {
  const { stripePriceId: _price, priceId, ...state } = observedSubscription(subscription, prices)
  return priceId ? { ...state, priceId } : null
}
