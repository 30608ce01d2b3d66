import type Stripe from 'stripe'
import type { ObservedSubscription } from '../licensing/subscription'
import { isMissing } from './stripe-errors'
import type { PriceCatalogue } from './stripe-settings'
import { observedSubscription } from './subscription-state'

/** What a Stripe price charges: an amount in the currency's smallest unit, every `intervalCount` `interval`s (null interval: once). */
export interface PriceTerms {
  unitAmount: number | null
  currency: string
  interval: string | null
  intervalCount: number | null
}

const nullWhenMissing = (error: unknown) => {
  if (isMissing(error)) return null
  throw error
}

/** The gateway's reads of subscriptions and prices as Stripe has them, whatever their price (gateway.ts). */
export function createSubscriptionReads(stripe: Stripe, prices: PriceCatalogue) {
  return {
    /** The subscription as Stripe has it now, whatever its price; null when Stripe has no such subscription. */
    async readSubscription(subscriptionId: string): Promise<ObservedSubscription | null> {
      // Its latest invoice tells whether a subscription paid by invoice awaits its payment.
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }).catch(nullWhenMissing)
      return subscription && observedSubscription(subscription, prices)
    },

    /** Every subscription Stripe has that has not ended (Stripe's default list: neither canceled nor expired), page after page. */
    async openSubscriptions(): Promise<ObservedSubscription[]> {
      const open: ObservedSubscription[] = []
      for await (const subscription of stripe.subscriptions.list({ limit: 100 })) open.push(observedSubscription(subscription, prices))
      return open
    },

    /** What the price charges; null when Stripe has no such price. */
    async priceTerms(stripePriceId: string): Promise<PriceTerms | null> {
      const price = await stripe.prices.retrieve(stripePriceId).catch(nullWhenMissing)
      return price && { unitAmount: price.unit_amount, currency: price.currency, interval: price.recurring?.interval ?? null, intervalCount: price.recurring?.interval_count ?? null }
    },
  }
}
