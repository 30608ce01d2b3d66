import type { Queryable } from '../db/database'

/** A token bucket: `perSecond` tokens come back each second, up to `burst` held at once. */
export interface Bucket {
  perSecond: number
  burst: number
}

/** Failed credential checks of the package feed, per email and per client address. */
export interface FeedFailureLimits {
  perEmail: Bucket
  perAddress: Bucket
}

/** Ten wrong keys for one email, then one a minute (six seconds apart); sixty from one address, then one a second. */
export const defaultFeedFailureLimits: FeedFailureLimits = { perEmail: { perSecond: 1 / 6, burst: 10 }, perAddress: { perSecond: 1, burst: 60 } }

/**
 * The named buckets, one per key, in the rate_limits table (its rows are `<name>:<key>`). Usually
 * one statement to take a token: the row is refilled for the time since its last use and a token
 * taken, in one UPDATE whose condition PostgreSQL checks again on the latest row when two requests meet.
 */
export function createBuckets(db: Queryable, name: string, bucket: Bucket) {
  if (!(bucket.perSecond > 0 && bucket.burst >= 1)) throw new Error(`The ${name} rate limit needs a rate above 0 and a burst of at least 1.`)
  // Numbers from the settings, written into the SQL so that it stays one plan per bucket.
  const rate = `${Number(bucket.perSecond)}::float8`
  const refill = `least(${Number(bucket.burst)}::float8, tokens + extract(epoch from clock_timestamp() - at) * ${rate})`
  const secondsUntilToken = `greatest(0, ceil((1 - ${refill}) / ${rate}))::int`
  let lastSweep = Date.now()

  /** Takes a token from the key's bucket: 0 when one was taken, else the seconds until one is back. */
  async function take(key: string): Promise<number> {
    const id = `${name}:${key}`
    const takeOne = async () => (await db.query(`update rate_limits set tokens = ${refill} - 1, at = clock_timestamp() where key = $1 and ${refill} >= 1 returning tokens`, [id])).length > 0
    if (await takeOne()) return sweep()
    const [fresh] = await db.query('insert into rate_limits (key, tokens, at) values ($1, $2::float8 - 1, clock_timestamp()) on conflict do nothing returning tokens', [id, bucket.burst])
    if (fresh) return 0
    // Another request made the bucket between the two statements: take from it as usual.
    if (await takeOne()) return 0
    const [row] = await db.query<{ wait: number }>(`select ${secondsUntilToken} as wait from rate_limits where key = $1`, [id])
    return Math.max(1, row?.wait ?? 1)
  }

  /**
   * SQL: the seconds until the bucket of the key in the text parameter `param` holds a token again,
   * 0 when it holds one (or was never used). For a query that reads a limit along with its own work.
   */
  const waitSql = (param: string) => `coalesce((select ${secondsUntilToken} from rate_limits where key = '${name}:' || ${param}), 0)`

  /** Buckets unused for an hour are full again: their rows go, now and then. */
  function sweep() {
    if (Date.now() - lastSweep < 600_000) return 0
    lastSweep = Date.now()
    void db.query("delete from rate_limits where at < now() - interval '1 hour'").catch(() => {})
    return 0
  }

  return { take, waitSql }
}
