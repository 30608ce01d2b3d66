import type { Context } from 'hono'
import type { Queryable } from '../db/database'
import { basicCredentials } from '../feed/basic-credentials'
import { createSeatKeyCheck, isOneOf } from '../feed/seat-keys'
import { clientAddressOf } from '../http/client-address'
import { resource, type Env } from './context'
import { createBuckets, defaultFeedFailureLimits, type FeedFailureLimits } from '../feed/failure-buckets'

/**
 * GET /api/feed/authorize, for a package feed's proxy (nginx auth_request): 204 when the HTTP
 * Basic credentials are a live Commercial Plus seat's holder email and license key, else 401 with
 * a Basic challenge and never a word on which part was wrong. One query reads the seat's keys and
 * whether the email or the client's address is held back for failed attempts; a failure then
 * takes a token from both buckets. Held back, even the right key answers 401 (with Retry-After).
 * The proxy asks with the seat holder's Basic credentials, never a bearer token.
 */
export function feedRoutes(db: Queryable, limits: FeedFailureLimits = defaultFeedFailureLimits) {
  const perEmail = createBuckets(db, 'feed-email', limits.perEmail)
  const perAddress = createBuckets(db, 'feed-address', limits.perAddress)
  const check = createSeatKeyCheck(db, { email: perEmail.waitSql, address: perAddress.waitSql })

  const refuse = (c: Context<Env>, retryAfter = 0) => {
    c.header('WWW-Authenticate', 'Basic realm="Prism packages"')
    if (retryAfter > 0) c.header('Retry-After', String(retryAfter))
    return c.json({ message: 'Sign in to the feed with your email and license key.' }, 401)
  }

  return resource().get('/authorize', async (c) => {
    c.header('Cache-Control', 'no-store')
    const header = c.req.header('authorization')
    // No credentials yet: the challenge a package client expects first; not a failed attempt.
    if (header === undefined) return refuse(c)
    const address = clientAddressOf(c.env?.incoming)
    const credentials = basicCredentials(header)
    if (!credentials) return refuse(c, await perAddress.take(address))
    const row = await check(credentials.email, address)
    if (row.wait > 0) return refuse(c, row.wait)
    if (isOneOf(credentials.key, row.keys)) return c.body(null, 204)
    const waits = await Promise.all([perEmail.take(credentials.email), perAddress.take(address)])
    return refuse(c, Math.max(...waits))
  })
}
