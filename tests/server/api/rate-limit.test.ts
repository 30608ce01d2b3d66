import { describe, expect, it } from 'vitest'
import { createRateLimiter } from '@/server/api/rate-limit'
import { memoryBuckets } from '@/server/http/token-buckets'

/** A clock the test moves by hand. */
function clock() {
  let at = 1_000_000
  return { now: () => at, pass: (ms: number) => (at += ms) }
}

describe('the per-instance rate limit', () => {
  it('lets a burst through, then one token per 1/rate seconds, and names the wait', () => {
    const time = clock()
    const buckets = memoryBuckets({ perSecond: 2, burst: 3 }, time.now)
    expect([buckets.take('ann'), buckets.take('ann'), buckets.take('ann')]).toEqual([0, 0, 0])
    expect(buckets.take('ann')).toBe(1)
    time.pass(499)
    expect(buckets.take('ann')).toBe(1)
    time.pass(1)
    expect(buckets.take('ann')).toBe(0)
    expect(buckets.take('ann')).toBe(1)
  })

  it('keeps one person’s bucket apart from another’s', () => {
    const buckets = memoryBuckets({ perSecond: 1, burst: 1 }, clock().now)
    expect(buckets.take('ann')).toBe(0)
    expect(buckets.take('ann')).toBe(1)
    expect(buckets.take('bob')).toBe(0)
  })

  it('holds this instance’s share when several are up: the burst and the rate divided among them', () => {
    const time = clock()
    const buckets = memoryBuckets({ perSecond: 10, burst: 40 }, time.now)
    const taken = Array.from({ length: 25 }, () => buckets.take('ann', 2)).filter((wait) => wait === 0)
    expect(taken).toHaveLength(20)
    // Half the rate: a token every 200 ms, not every 100 ms.
    time.pass(100)
    expect(buckets.take('ann', 2)).toBe(1)
    time.pass(100)
    expect(buckets.take('ann', 2)).toBe(0)
  })

  it('never holds less than one token of burst, however many instances share it', () => {
    const buckets = memoryBuckets({ perSecond: 1, burst: 2 }, clock().now)
    expect(buckets.take('ann', 8)).toBe(0)
    expect(buckets.take('ann', 8)).toBeGreaterThanOrEqual(1)
  })

  it('refuses settings that could never let a request through', () => {
    expect(() => memoryBuckets({ perSecond: 0, burst: 10 })).toThrow('A rate limit needs a rate above 0 and a burst of at least 1.')
    expect(() => memoryBuckets({ perSecond: 1, burst: 0.5 })).toThrow('A rate limit needs a rate above 0 and a burst of at least 1.')
  })

  it('answers 429 in words with Retry-After past the limit, reads and writes apart', () => {
    const take = createRateLimiter({ readsPerSecond: 1, writesPerSecond: 1, burst: 1 })
    take('ann', 'read')
    take('ann', 'write')
    expect(() => take('ann', 'read')).toThrow(expect.objectContaining({ status: 429, message: "You've made too many requests. Please wait a moment and try again.", headers: { 'Retry-After': '1' } }))
  })
})
