import { hasEnded } from '../licensing/standing'
import { withLapse, type ObservedSubscription, type StoredSubscription } from '../licensing/subscription'

/** What a difference is about: a field, a deletion the portal missed, or a subscription it never stored. */
export type DifferenceKind = 'status' | 'quantity' | 'period' | 'cancellation' | 'plan' | 'deletion' | 'missing'

/** One way the portal's copy of a subscription differs from Stripe's. */
export interface Difference {
  subscriptionId: string
  kind: DifferenceKind
  portal: string | number | boolean | null
  stripe: string | number | boolean | null
}

/** Stripe keeps whole seconds; the portal's date may hold the milliseconds it was seeded with. */
const wholeSecond = (date: Date | string) => new Date(Math.floor(new Date(date).getTime() / 1000) * 1000).toISOString()

/**
 * How the portal's copy differs from the state it would keep of Stripe's (a lapsed period counted
 * as ended, subscription.ts; a price of none of our plans leaves the plan out of the comparison).
 */
export function differencesOf(portal: StoredSubscription, observed: ObservedSubscription, now = new Date()): Difference[] {
  const stripe = withLapse(observed, now)
  const differences: Omit<Difference, 'subscriptionId'>[] = []
  if (stripe.status !== portal.status) differences.push({ kind: hasEnded(stripe.status) && !hasEnded(portal.status) ? 'deletion' : 'status', portal: portal.status, stripe: stripe.status })
  if (stripe.quantity !== portal.quantity) differences.push({ kind: 'quantity', portal: portal.quantity, stripe: stripe.quantity })
  if (wholeSecond(stripe.currentPeriodEnd) !== wholeSecond(portal.currentPeriodEnd))
    differences.push({ kind: 'period', portal: wholeSecond(portal.currentPeriodEnd), stripe: wholeSecond(stripe.currentPeriodEnd) })
  if (stripe.cancelAtPeriodEnd !== portal.cancelAtPeriodEnd) differences.push({ kind: 'cancellation', portal: portal.cancelAtPeriodEnd, stripe: stripe.cancelAtPeriodEnd })
  if (stripe.priceId && stripe.priceId !== portal.priceId) differences.push({ kind: 'plan', portal: portal.priceId, stripe: stripe.priceId })
  return differences.map((difference) => ({ subscriptionId: observed.stripeSubscriptionId, ...difference }))
}
