import { Problem } from './problems'

export interface RateLimits {
  /** Requests per second, per person, that reads and writes may average. */
  readsPerSecond: number
  writesPerSecond: number
  /** How many may come at once before the average applies. */
  burst: number
}

export const defaultRateLimits: RateLimits = { readsPerSecond: 50, writesPerSecond: 10, burst: 40 }

/** A token bucket per person and kind of request; past it the API answers 429 with Retry-After. */
export function createRateLimiter(limits: RateLimits, now = () => Date.now()) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return function take(key: string, kind: 'read' | 'write') {
    const rate = kind === 'read' ? limits.readsPerSecond : limits.writesPerSecond
    const id = `${kind}:${key}`
    const time = now()
    const bucket = buckets.get(id) ?? { tokens: limits.burst, at: time }
    bucket.tokens = Math.min(limits.burst, bucket.tokens + ((time - bucket.at) / 1000) * rate)
    bucket.at = time
    if (bucket.tokens < 1) {
      buckets.set(id, bucket)
      throw new Problem(429, "You've made too many requests. Please wait a moment and try again.", { 'Retry-After': String(Math.max(1, Math.ceil((1 - bucket.tokens) / rate))) })
    }
    bucket.tokens -= 1
    buckets.set(id, bucket)
    if (buckets.size > 50_000) buckets.clear()
  }
}
