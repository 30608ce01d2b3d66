import type { Bucket } from '../http/token-buckets'

/** Failed credential checks of the package feed, counted per client address (an IPv6 address by its /64). */
export interface FeedFailureLimits {
  perAddress: Bucket
}

/** Sixty failures from one address, then one a second: a build farm behind one address retrying a stale key still gets through its retries. */
export const defaultFeedFailureLimits: FeedFailureLimits = { perAddress: { perSecond: 1, burst: 60 } }
