import type { LicenseStatus } from '@/common/contract'

/**
 * The standing of a subscription and of its seats: the one place that says which of a
 * subscription's statuses (the payment provider's words, server/payments/) hold seats, give new
 * ones, are due, or have ended. The stores' SQL, the activity and the API all read it here.
 */
export type SubscriptionStatus = 'active' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'past_due' | 'paused' | 'trialing' | 'unpaid'

/** Live: its seats are held and their keys work (a past-due one keeps them while payment is retried). */
export const liveStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due']
/** Assignable: in good standing, so seats may be given from it (a past-due one gives no new ones). */
export const assignableStatuses: readonly SubscriptionStatus[] = ['active', 'trialing']
/** Paid for: its current period counts as paid (the feed keeps what it covered); a trial's is free (decision 0047). */
export const paidStatuses: readonly SubscriptionStatus[] = ['active']
/** Ended for good: what an expiry is recorded for (an incomplete or paused one is not live, yet has not ended). */
export const endedStatuses: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired']

/** Each takes any status the provider may send: one it does not name is neither live nor ended. */
export const isLive = (status: string) => (liveStatuses as readonly string[]).includes(status)
export const isAssignable = (status: string) => (assignableStatuses as readonly string[]).includes(status)
export const hasEnded = (status: string) => (endedStatuses as readonly string[]).includes(status)
export const isPastDue = (status: string) => status === 'past_due'

const sqlList = (statuses: readonly SubscriptionStatus[]) => statuses.map((status) => `'${status}'`).join(', ')

/** SQL: the subscriptions row (under its table name unless another alias is given) is live. */
export const liveSql = (alias = 'subscriptions') => `${alias}.status in (${sqlList(liveStatuses)})`
/** SQL: the subscriptions row under the alias given gives new seats. */
export const assignableSql = (alias: string) => `${alias}.status in (${sqlList(assignableStatuses)})`
/** SQL: the subscriptions row (under its table name unless another alias is given) has ended for good. */
export const endedSql = (alias = 'subscriptions') => `${alias}.status in (${sqlList(endedStatuses)})`

/**
 * A seat's standing as the API answers it, from its subscription's: a past-due payment says more
 * than a free trial (decision 0047), which is neither awaited nor cancelled; an invoice awaited
 * (issue 49) says more than a coming cancellation.
 */
export function seatStatus(subscription: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean; paymentDueAt?: Date | string | null }): LicenseStatus {
  if (!isLive(subscription.status)) return 'expired'
  if (isPastDue(subscription.status)) return 'payment-due'
  if (subscription.status === 'trialing') return 'trial'
  if (subscription.paymentDueAt) return 'awaiting-payment'
  return subscription.cancelAtPeriodEnd ? 'cancels' : 'active'
}

/** Why no seat may be given from an owner's subscriptions of these statuses; null when one may. */
export function whyNotAssignable(statuses: readonly SubscriptionStatus[]): 'no-subscription' | 'payment-due' | 'ended' | null {
  if (statuses.length === 0) return 'no-subscription'
  if (statuses.some(isAssignable)) return null
  return statuses.some(isPastDue) ? 'payment-due' : 'ended'
}
