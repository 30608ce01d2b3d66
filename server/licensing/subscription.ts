import type { PriceId } from '../../common/plans'
import type { SubscriptionStatus } from './standing'

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
}

/** What the portal held of a subscription before a change. */
export interface StoredSubscription {
  priceId: PriceId
  quantity: number
  status: SubscriptionStatus
  currentPeriodEnd: Date | string
  cancelAtPeriodEnd: boolean
}
