import { apiRoutes } from '@/common/api-paths'
import type { Context } from 'hono'
import type { Queryable } from '../db/database'
import { basicCredentials } from '../feed/basic-credentials'
import { createCredentialCheck } from '../feed/credential-check'
import { failureAddressOf } from '../feed/failure-address'
import { defaultFeedFailureLimits, type FeedFailureLimits } from '../feed/failure-limits'
import type { FeedUsage } from '../feed/feed-usage'
import { clientAddressOf } from '../http/client-address'
import { memoryBuckets } from '../http/token-buckets'
import { resource, type Env } from './context'

/**
 * GET /api/feed/authorize, for a package feed's proxy (nginx auth_request): 204 when the HTTP
 * Basic credentials are a live Commercial Plus seat's holder email and license key, or `token` and
 * a working feed token; else 401 with a Basic challenge and never a word on which part was wrong.
 *
 * Right credentials always pass, whatever failed before them: only failures are counted, per client
 * address (an IPv6 one by its /64), so no one can lock a customer out by failing in their name.
 * Past the limit a failure answers with Retry-After (401, not 429: nginx's auth_request passes on
 * only 2xx, 401 and 403). The counts are this instance's share of the limit (decision 0020).
 */
const signIn = { message: 'Sign in to the feed with your email and license key.' }

export function feedRoutes(options: { db: Queryable; usage: FeedUsage; limits?: FeedFailureLimits; instancesUp?: () => number }) {
  const userOf = createCredentialCheck(options.db)
  const failures = memoryBuckets((options.limits ?? defaultFeedFailureLimits).perAddress)
  const instancesUp = options.instancesUp ?? (() => 1)

  const challenge = (c: Context<Env>, headers: Record<string, string> = {}) => c.json(signIn, 401, { 'WWW-Authenticate': 'Basic realm="Prism packages"', ...headers })
  const refuse = (c: Context<Env>) => {
    const wait = failures.take(failureAddressOf(clientAddressOf(c.env?.incoming)), Math.max(1, instancesUp()))
    return challenge(c, wait > 0 ? { 'Retry-After': String(wait) } : {})
  }

  return resource().get(apiRoutes.feedAuthorize.route, async (c) => {
    c.header('Cache-Control', 'no-store')
    const header = c.req.header('authorization')
    // No credentials yet: the challenge a package client expects first; not a failed attempt.
    if (header === undefined) return challenge(c)
    const credentials = basicCredentials(header)
    const user = credentials && (await userOf(credentials))
    if (!user) return refuse(c)
    options.usage.note(user)
    return c.body(null, 204)
  })
}
