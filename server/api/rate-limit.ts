import type { FeedFailureLimits } from '../feed/failure-limits'
import { memoryBuckets } from '../http/token-buckets'
import { Problem } from './problems'

export interface RateLimits {
  /** Requests per second, per person, that reads and writes may average. */
  readsPerSecond: number
  writesPerSecond: number
  /** How many may come at once before the average applies. */
  burst: number
  /** The calls that reach Stripe, per person, apart from the rest (defaultStripeBudget when absent). */
  stripe?: { perSecond: number; burst: number }
  /** Failed credential checks of the package feed (server/feed). */
  feedFailures?: FeedFailureLimits
  /** Payment customers made for a card's setup, per person and per client address (defaultNewPaymentCustomers when absent). */
  newPaymentCustomers?: { perPerson: { perSecond: number; burst: number }; perAddress: { perSecond: number; burst: number } }
}

/**
 * Card testing (issue 48): a new account's first SetupIntent makes a payment customer, and a
 * SetupIntent lets its holder try cards against Stripe. Three an hour a person, ten an hour from
 * one address; an account that has a customer already (a purchase, an upgrade begun) is not counted.
 */
export const defaultNewPaymentCustomers = { perPerson: { perSecond: 3 / 3600, burst: 3 }, perAddress: { perSecond: 10 / 3600, burst: 10 } }

/**
 * A person's calls that reach Stripe (decision 0022): one a second on average, twenty at once.
 * Such a call makes one to five requests to Stripe, so a person sends it five a second at most,
 * against the 25 a second that Stripe allows the whole account; the wizard, the checkout and
 * the completion page's polling use under twenty in a minute.
 */
export const defaultStripeBudget = { perSecond: 1, burst: 20 }

export const defaultRateLimits: RateLimits = { readsPerSecond: 50, writesPerSecond: 10, burst: 40, stripe: defaultStripeBudget }

/**
 * A token bucket per person and kind of request, in this instance's memory: taking a token costs
 * no database round trip (decision 0018). The limits are the whole service's: each instance holds
 * its share, the rate and the burst divided by the instances that are up (`instancesUp`), so a
 * person's requests spread over the instances meet the same limit as on one. Past it, 429 with
 * Retry-After. The calls that reach Stripe have a budget of their own, well under Stripe's limits.
 */
export function createRateLimiter(limits: RateLimits, instancesUp: () => number = () => 1) {
  const kinds = {
    read: memoryBuckets({ perSecond: limits.readsPerSecond, burst: limits.burst }),
    write: memoryBuckets({ perSecond: limits.writesPerSecond, burst: limits.burst }),
    stripe: memoryBuckets(limits.stripe ?? defaultStripeBudget),
    newCustomerByPerson: memoryBuckets((limits.newPaymentCustomers ?? defaultNewPaymentCustomers).perPerson),
    newCustomerByAddress: memoryBuckets((limits.newPaymentCustomers ?? defaultNewPaymentCustomers).perAddress),
  }
  /** Takes a token of the kind; a call that reaches Stripe takes one of 'stripe' as well as its read or write. */
  return function take(key: string, kind: keyof typeof kinds) {
    const wait = kinds[kind].take(key, Math.max(1, instancesUp()))
    if (wait > 0) throw new Problem(429, "You've made too many requests. Please wait a moment and try again.", { 'Retry-After': String(wait) })
  }
}
