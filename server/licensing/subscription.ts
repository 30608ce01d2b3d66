import type { PriceId } from '@/common/plans'
import { isLive, type SubscriptionStatus } from './standing'

/** What the portal keeps of a subscription at the payment provider (server/payments/ translates it). */
export interface SubscriptionState {
  stripeSubscriptionId: string
  customerId: string
  /** The account named in the subscription's metadata at checkout. */
  accountOid: string | null
  priceId: PriceId
  quantity: number
  status: SubscriptionStatus
  currentPeriodEnd: Date
  cancelAtPeriodEnd: boolean
  /**
   * Paid by invoice (issue 49): when its open invoice is due, null when none is awaited; undefined
   * when the read did not look (the stored value stays).
   */
  paymentDueAt?: Date | null
  /** Collected by sending invoices (decision 0056); undefined when the read did not say (the stored value stays). */
  sendsInvoices?: boolean
  /** When its free trial ends or ended (Stripe's `trial_end`); null for a subscription that never had one. */
  trialEnd?: Date | null
}

/**
 * A subscription as the provider has it, whatever its price: `priceId` is null when its price is
 * none of our plans' (a price changed since, old subscribers left on the old one).
 */
export interface ObservedSubscription extends Omit<SubscriptionState, 'priceId'> {
  priceId: PriceId | null
  /** The provider's own id of the price, for the log. */
  stripePriceId: string
}

/** What the portal held of a subscription before a change. */
export interface StoredSubscription {
  priceId: PriceId
  quantity: number
  status: SubscriptionStatus
  currentPeriodEnd: Date | string
  cancelAtPeriodEnd: boolean
}

/**
 * How long after its period ended a subscription still said to be live stays live. Stripe moves a
 * subscription's period the moment it renews (paid or not) and retries a webhook for three days:
 * a period over for longer than that, with no word of a renewal, is a renewal the portal will not hear of.
 */
export const lapseAfterDays = 3
const dayMs = 86_400_000

/** Whether a subscription said to be live has lapsed: its period ended more than `lapseAfterDays` ago. */
export const hasLapsed = (state: { status: string; currentPeriodEnd: Date | string }, now = new Date()) =>
  isLive(state.status) && new Date(state.currentPeriodEnd).getTime() < now.getTime() - lapseAfterDays * dayMs

/** The state the portal keeps: a lapsed one is `unpaid` (Stripe's word for a subscription whose access ends while it stays on the books). */
export function withLapse<T extends { status: SubscriptionStatus; currentPeriodEnd: Date | string }>(state: T, now = new Date()): T {
  return hasLapsed(state, now) ? { ...state, status: 'unpaid' } : state
}
