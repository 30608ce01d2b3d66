import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { livePlusSeatsOf } from '../licensing/license-store'
import { createBuckets, defaultFeedFailureLimits, type RateLimits } from '../api/rate-limit'
import type { Queryable } from '../db/database'
import { clientAddressOf } from '../http/client-address'
import { basicCredentials } from './basic-credentials'

type FeedEnv = { Bindings: { incoming?: IncomingMessage } }

const digest = (text: string) => createHash('sha256').update(text).digest()
/** Compared when the email holds no seat, so that an unknown email costs the same as a wrong key. */
const strangerKey = randomBytes(18).toString('base64')

/** Whether the key is one of the seat keys, comparing fixed-length digests in constant time, every one of them. */
function isOneOf(key: string, seatKeys: readonly string[]) {
  const given = digest(key)
  let found = false
  for (const seatKey of seatKeys.length > 0 ? seatKeys : [strangerKey]) found = timingSafeEqual(given, digest(seatKey)) || found
  return found && seatKeys.length > 0
}

/**
 * GET /api/feed/authorize, for a package feed's proxy (nginx auth_request): 204 when the HTTP
 * Basic credentials are a live Commercial Plus seat's holder email and license key, else 401 with
 * a Basic challenge and never a word on which part was wrong. One query reads the seat's keys and
 * whether the email or the client's address is held back for failed attempts; a failure then
 * takes a token from both buckets. Held back, even the right key answers 401 (with Retry-After).
 */
export function createFeedAuthorizer(options: { db: Queryable; limits?: RateLimits['feedFailures'] }) {
  const limits = options.limits ?? defaultFeedFailureLimits
  const perEmail = createBuckets(options.db, 'feed-email', limits.perEmail)
  const perAddress = createBuckets(options.db, 'feed-address', limits.perAddress)
  const text = `select array(select seats.license_key from ${livePlusSeatsOf('$1::text')}) as keys, greatest(${perEmail.waitSql('$1::text')}, ${perAddress.waitSql('$2::text')}) as wait`
  // Prepared once per connection (planning it would cost more than running it); named for its text,
  // since the limits are written into it and a name stands for one text on a connection.
  const check = { name: `feed-authorize-${digest(text).toString('hex').slice(0, 16)}`, text }

  const refuse = (c: Context<FeedEnv>, retryAfter = 0) => {
    c.header('WWW-Authenticate', 'Basic realm="Prism packages"')
    if (retryAfter > 0) c.header('Retry-After', String(retryAfter))
    return c.json({ message: 'Sign in to the feed with your email and license key.' }, 401)
  }

  return async (c: Context<FeedEnv>) => {
    c.header('Cache-Control', 'no-store')
    const header = c.req.header('authorization')
    // No credentials yet: the challenge a package client expects first; not a failed attempt.
    if (header === undefined) return refuse(c)
    const address = clientAddressOf(c.env?.incoming)
    const credentials = basicCredentials(header)
    if (!credentials) return refuse(c, await perAddress.take(address))
    const [row] = await options.db.query<{ keys: string[]; wait: number }>(check, [credentials.email, address])
    if (row!.wait > 0) return refuse(c, row!.wait)
    if (isOneOf(credentials.key, row!.keys)) return c.body(null, 204)
    const waits = await Promise.all([perEmail.take(credentials.email), perAddress.take(address)])
    return refuse(c, Math.max(...waits))
  }
}
