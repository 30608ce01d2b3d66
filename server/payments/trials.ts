import type Stripe from 'stripe'
import { trialDays, trialPriceId } from '@/common/billing-contract'
import type { PriceCatalogue } from './stripe-settings'

/**
 * The gateway's calls for a trial without a card (gateway.ts, issue 49, decision 0047): a Commercial
 * Plus subscription of one seat, free for 30 days, that Stripe cancels at the trial's end when no
 * payment method was added (`trial_settings.end_behavior.missing_payment_method: cancel`).
 */
export function createTrialCalls(stripe: Stripe, prices: PriceCatalogue) {
  return {
    async startTrial(input: { customerId: string; accountOid: string; idempotencyKey: string }): Promise<string> {
      const subscription = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: prices.stripePriceOf(trialPriceId), quantity: 1 }],
          trial_period_days: trialDays,
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          metadata: { accountOid: input.accountOid },
        },
        { idempotencyKey: input.idempotencyKey },
      )
      return subscription.id
    },

    /** Moves the trial's end to `trialEnd` (its one extension). */
    async extendTrial(input: { subscriptionId: string; trialEnd: Date; idempotencyKey: string }): Promise<void> {
      await stripe.subscriptions.update(input.subscriptionId, { trial_end: Math.floor(input.trialEnd.getTime() / 1000) }, { idempotencyKey: input.idempotencyKey })
    },

    /** Ends a trial now: its seats went to a purchase, or it was made for a trial refused after. */
    async endTrial(subscriptionId: string, idempotencyKey: string): Promise<void> {
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey })
    },
  }
}
