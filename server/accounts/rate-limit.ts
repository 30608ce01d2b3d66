import type { Queryable } from '../db/database'
import { Problem } from './problems'

export interface RateLimits {
  /** Requests per second, per person, that reads and writes may average. */
  readsPerSecond: number
  writesPerSecond: number
  /** How many may come at once before the average applies. */
  burst: number
}

export const defaultRateLimits: RateLimits = { readsPerSecond: 50, writesPerSecond: 10, burst: 40 }

/**
 * A token bucket per person and kind of request, kept in the database so that every instance of
 * the API draws on the same bucket; past it the API answers 429 with Retry-After. Usually one
 * statement a request: the row is refilled for the time since its last use and a token taken, in
 * one UPDATE whose condition PostgreSQL checks again on the latest row when two requests meet.
 */
export function createRateLimiter(db: Queryable, limits: RateLimits) {
  let lastSweep = Date.now()
  return async function take(key: string, kind: 'read' | 'write') {
    const rate = kind === 'read' ? limits.readsPerSecond : limits.writesPerSecond
    const id = `${kind}:${key}`
    const refill = 'least($3::float8, tokens + extract(epoch from clock_timestamp() - at) * $2::float8)'
    const takeOne = async () => (await db.query(`update rate_limits set tokens = ${refill} - 1, at = clock_timestamp() where key = $1 and ${refill} >= 1 returning tokens`, [id, rate, limits.burst])).length > 0
    if (await takeOne()) return sweep()
    const [fresh] = await db.query('insert into rate_limits (key, tokens, at) values ($1, $2::float8 - 1, clock_timestamp()) on conflict do nothing returning tokens', [id, limits.burst])
    if (fresh) return
    // Another request made the bucket between the two statements: take from it as usual.
    if (await takeOne()) return
    const [bucket] = await db.query<{ tokens: number }>(`select ${refill} as tokens from rate_limits where key = $1`, [id, rate, limits.burst])
    throw new Problem(429, "You've made too many requests. Please wait a moment and try again.", { 'Retry-After': String(Math.max(1, Math.ceil((1 - (bucket?.tokens ?? 0)) / rate))) })
  }

  /** Buckets unused for an hour are full again: their rows go, now and then. */
  function sweep() {
    if (Date.now() - lastSweep < 600_000) return
    lastSweep = Date.now()
    void db.query("delete from rate_limits where at < now() - interval '1 hour'").catch(() => {})
  }
}
