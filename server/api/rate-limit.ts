import type { Bucket, FeedFailureLimits } from '../feed/failure-buckets'
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

/** Buckets by key, each refilled for the time since its last use when it is next taken from. */
export function memoryBuckets(bucket: Bucket, now: () => number = Date.now) {
  if (!(bucket.perSecond > 0 && bucket.burst >= 1)) throw new Error('A rate limit needs a rate above 0 and a burst of at least 1.')
  const held = new Map<string, { tokens: number; at: number }>()
  let lastSweep = now()

  /** Takes a token from the key's bucket, of this instance's share: 0 when one was taken, else the seconds until one is back. */
  function take(key: string, share = 1): number {
    const rate = bucket.perSecond / share
    const burst = Math.max(1, bucket.burst / share)
    const at = now()
    const last = held.get(key)
    const tokens = last ? Math.min(burst, last.tokens + ((at - last.at) / 1000) * rate) : burst
    sweep(at, rate, burst)
    if (tokens >= 1) {
      held.set(key, { tokens: tokens - 1, at })
      return 0
    }
    held.set(key, { tokens, at })
    return Math.max(1, Math.ceil((1 - tokens) / rate))
  }

  /** A bucket that has filled up again is the same as none: such entries go, once a minute. */
  function sweep(at: number, rate: number, burst: number) {
    if (at - lastSweep < 60_000) return
    lastSweep = at
    for (const [key, entry] of held) if (entry.tokens + ((at - entry.at) / 1000) * rate >= burst) held.delete(key)
  }

  return { take }
}
