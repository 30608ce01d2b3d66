import type Stripe from 'stripe'
import type { SubscriptionState } from '../licensing/subscription'
import { idOf } from './stripe-errors'
import type { PriceCatalogue } from './stripe-settings'
import { itemOf, subscriptionState } from './subscription-state'

/**
 * The gateway's calls about a subscription's next renewal (gateway.ts): fewer seats from the
 * renewal date through a subscription schedule (Stripe's documented way to change a subscription
 * at a future date: the current period as the first phase, the next year with the new seats as
 * the second, then released), and auto-renewal through cancel_at_period_end.
 */
export function createRenewalCalls(stripe: Stripe, prices: PriceCatalogue) {
  const release = (scheduleId: string, key: string) => stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: key })

  return {
    /**
     * The seats the subscription renews with: fewer than now under its schedule (made from the
     * subscription when it has none), or, for the seats it has now, no schedule at all (released).
     * Answers the schedule's id, null without one.
     */
    async scheduleRenewalSeats(input: { subscriptionId: string; seats: number; idempotencyKey: string }): Promise<string | null> {
      const subscription = await stripe.subscriptions.retrieve(input.subscriptionId)
      const item = itemOf(subscription)
      const current = idOf(subscription.schedule)
      if (input.seats === item.quantity) {
        if (current) await release(current, `release:${current}`)
        return null
      }
      // One schedule at a time for a subscription (Stripe refuses a second): the key names how many it had, so two requests at once make one.
      const made = current
        ? 0
        : (await stripe.subscriptionSchedules.list({ customer: idOf(subscription.customer)!, limit: 100 })).data.filter((schedule) =>
            [idOf(schedule.subscription), schedule.released_subscription].includes(subscription.id),
          ).length
      const scheduleId = current ?? (await stripe.subscriptionSchedules.create({ from_subscription: subscription.id }, { idempotencyKey: `renewal-schedule:${subscription.id}:${made}` })).id
      await stripe.subscriptionSchedules.update(
        scheduleId,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: [{ price: item.price.id, quantity: item.quantity ?? 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
            { items: [{ price: item.price.id, quantity: input.seats }], duration: { interval: 'year', interval_count: 1 } },
          ],
        },
        { idempotencyKey: `${input.idempotencyKey}:phases:${scheduleId}` },
      )
      return scheduleId
    },

    /**
     * Auto-renewal on or off (cancel_at_period_end off or on). Stripe leaves cancellation to a
     * subscription's schedule, so turning it off releases the schedule first: a subscription that
     * ends has no next period to reduce. Answers the subscription's new state.
     */
    async setAutoRenew(input: { subscriptionId: string; autoRenew: boolean; idempotencyKey: string }): Promise<SubscriptionState | null> {
      const subscription = await stripe.subscriptions.retrieve(input.subscriptionId)
      if (subscription.cancel_at_period_end === !input.autoRenew) return subscriptionState(subscription, prices)
      const schedule = idOf(subscription.schedule)
      if (schedule && !input.autoRenew) await release(schedule, `release:${schedule}`)
      const updated = await stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: !input.autoRenew }, { idempotencyKey: input.idempotencyKey })
      return subscriptionState(updated, prices)
    },
  }
}
