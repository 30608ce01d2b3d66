import type { FeedFailureLimits } from '../feed/failure-limits'
import { memoryBuckets } from '../http/token-buckets'
import { Problem } from './problems'

export interface RateLimits {
  /** Requests per second, per person, that reads and writes may average. */
  readsPerSecond: number
  writesPerSecond: number
  /** How many may come at once before the average applies. */
  burst: number
  /** Failed credential checks of the package feed (server/feed). */
  feedFailures?: FeedFailureLimits
}

export const defaultRateLimits: RateLimits = { readsPerSecond: 50, writesPerSecond: 10, burst: 40 }

/**
 * A token bucket per person and kind of request, in this instance's memory: taking a token costs
 * no database round trip (decision 0018). The limits are the whole service's: each instance holds
 * its share, the rate and the burst divided by the instances that are up (`instancesUp`), so a
 * person's requests spread over the instances meet the same limit as on one. Past it, 429 with
 * Retry-After.
 */
export function createRateLimiter(limits: RateLimits, instancesUp: () => number = () => 1) {
  const kinds = {
    read: memoryBuckets({ perSecond: limits.readsPerSecond, burst: limits.burst }),
    write: memoryBuckets({ perSecond: limits.writesPerSecond, burst: limits.burst }),
  }
  return function take(key: string, kind: 'read' | 'write') {
    const wait = kinds[kind].take(key, Math.max(1, instancesUp()))
    if (wait > 0) throw new Problem(429, "You've made too many requests. Please wait a moment and try again.", { 'Retry-After': String(wait) })
  }
}
