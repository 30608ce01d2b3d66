/** A token bucket: `perSecond` tokens come back each second, up to `burst` held at once. */
export interface Bucket {
  perSecond: number
  burst: number
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
