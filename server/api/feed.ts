import { apiRoutes } from '@/common/api-paths'
import type { Context } from 'hono'
import type { Database } from '../db/database'
import { basicCredentials } from '../feed/basic-credentials'
import { createCatalog, type CatalogSource } from '../feed/catalog'
import { createCredentialCheck, type FeedCredential } from '../feed/credential-check'
import { failureAddressOf } from '../feed/failure-address'
import { defaultFeedFailureLimits, type FeedFailureLimits } from '../feed/failure-limits'
import type { FeedUsage } from '../feed/feed-usage'
import { networkOf } from '../feed/client-network'
import { networkPastLimit, suspendedToken } from '../feed/feed-warnings'
import { createNetworkGuard } from '../feed/token-networks'
import { answerV3, opensEverything, refusalOfRelease, releaseOfFile } from '../feed/v3-answers'
import { addressesUnder, type At } from '../feed/v3-documents'
import { clientAddressOf } from '../http/client-address'
import { memoryBuckets } from '../http/token-buckets'
import { resource, type Env } from './context'

/**
 * The package feed's side of the portal, for its proxy (nginx): who the HTTP Basic credentials are
 * (a seat's holder email and license key, of any plan and standing, or `token` and a working feed
 * token) and what they open (docs/feed-coverage.md).
 *
 * - GET /api/feed/authorize (auth_request, before each package file): 204 when the credentials may
 *   download the file X-Original-URI names; 403 with the reason in X-NuGet-Warning when they do not
 *   cover it; 401 with a Basic challenge for wrong credentials, never a word on which part was
 *   wrong. Asked without X-Original-URI (a proxy configured before coverage), 204 only for
 *   credentials that open every release.
 * - GET /api/feed/v3/… (the feed's metadata, proxied): the service index, the version lists, the
 *   registrations and search, each holding only what the credentials cover, with X-NuGet-Warning.
 *
 * A feed token's scope (decision 0049): a package outside it is refused as one outside the plan is
 * (403, or left out of the lists, with the reason); a client network past its limit gets 403 with
 * the reason and marks the token a possible leak; a token suspended on a leak gets 401 with the
 * reason (its right credentials: no failure counted). A token's `.nupkg` downloads are counted.
 *
 * Right credentials always pass, whatever failed before them: only failures are counted, per client
 * address (an IPv6 one by its /64), so no one can lock a customer out by failing in their name.
 * Past the limit a failure answers with Retry-After (401, not 429: nginx's auth_request passes on
 * only 2xx, 401 and 403). The counts are this instance's share of the limit (decision 0020).
 */
const signIn = { message: 'Sign in to the feed with your email and license key.' }
/** How long nginx may repeat a positive answer while no portal answers: a day of builds through an outage. */
export const defaultOutageCeilingSeconds = 86_400
const warningHeader = 'X-NuGet-Warning'

export function feedRoutes(options: {
  db: Database
  usage: FeedUsage
  /** The site's origin, for the links of the mail a possible leak sends. */
  siteOrigin: string
  /** The feed's public base address (ending with a slash), which its documents' absolute addresses are under. */
  baseUrl: string
  limits?: FeedFailureLimits
  instancesUp?: () => number
  catalog?: CatalogSource
  /** How long the proxy may stand in with a positive answer while the portal does not answer (docs/deploying.md): 24 hours unless said. */
  outageCeilingSeconds?: number
}) {
  const credentialOf = createCredentialCheck(options.db)
  const networkAdmits = createNetworkGuard(options.db, options.siteOrigin)
  const catalog = options.catalog ?? createCatalog(options.db)
  // Made at the first answer: the base address is checked then (an app built only to list its routes names none).
  let at: At | undefined
  const failures = memoryBuckets((options.limits ?? defaultFeedFailureLimits).perAddress)
  const instancesUp = options.instancesUp ?? (() => 1)

  const challenge = (c: Context<Env>, headers: Record<string, string> = {}) => c.json(signIn, 401, { 'WWW-Authenticate': 'Basic realm="Prism packages"', ...headers })
  const refuse = (c: Context<Env>) => {
    const wait = failures.take(failureAddressOf(clientAddressOf(c.env?.incoming)), Math.max(1, instancesUp()))
    return challenge(c, wait > 0 ? { 'Retry-After': String(wait) } : {})
  }
  const ceiling = options.outageCeilingSeconds ?? defaultOutageCeilingSeconds
  /**
   * A positive answer the proxy keeps (nginx's cache, keyed on a hash of the credentials and the
   * path): fresh for a second, then asked again, and repeated while the portal does not answer for
   * at most the ceiling (stale-if-error), saying when it was decided. A refusal is never kept.
   */
  const keepable = (c: Context<Env>) => {
    c.header('Cache-Control', `max-age=1, stale-if-error=${ceiling}`)
    // An HTTP date: cheap to make on every answer (an Intl formatter per answer doubled the check's CPU time).
    c.header('X-Feed-Decided-At', new Date().toUTCString())
  }
  const warn = (c: Context<Env>, warnings: readonly string[]) => {
    for (const warning of warnings) c.header(warningHeader, warning, { append: true })
  }

  /**
   * The credential of the request, or the answer that refuses it: the challenge (no credentials yet:
   * not a failed attempt), a counted failure, or a feed token's scope refusing it (suspended, or a
   * network past its limit: right credentials, no failure counted).
   */
  async function authenticate(c: Context<Env>): Promise<FeedCredential | Response> {
    c.header('Cache-Control', 'no-store')
    const header = c.req.header('authorization')
    if (header === undefined) return challenge(c)
    const credentials = basicCredentials(header)
    const credential = credentials && (await credentialOf(credentials))
    if (!credential) return refuse(c)
    const { scope } = credential
    if (scope?.suspended) {
      warn(c, [suspendedToken])
      return challenge(c)
    }
    if (scope?.maxNetworks) {
      const network = networkOf(clientAddressOf(c.env?.incoming))
      if (!(await networkAdmits(credential.user.id, network))) {
        const reason = networkPastLimit(network, scope.maxNetworks)
        warn(c, [reason])
        return c.json({ message: reason }, 403)
      }
    }
    options.usage.note(credential.user)
    return credential
  }

  return resource()
    .get(apiRoutes.feedAuthorize.route, async (c) => {
      const credential = await authenticate(c)
      if (credential instanceof Response) return credential
      const uri = c.req.header('x-original-uri')
      const known = await catalog.get()
      if (uri === undefined) return opensEverything(credential, known) ? c.body(null, 204) : refuse(c)
      const release = releaseOfFile(uri, known)
      const refusal = refusalOfRelease(release, credential)
      if (!refusal) {
        if (release?.download && credential.user.kind === 'token') options.usage.download(credential.user.id, release.id, release.version)
        keepable(c)
        return c.body(null, 204)
      }
      warn(c, [refusal])
      return c.json({ message: refusal }, 403)
    })
    .get(apiRoutes.feedV3.route, async (c) => {
      const credential = await authenticate(c)
      if (credential instanceof Response) return credential
      const rest = c.req.path.slice(c.req.path.indexOf('/v3/') + '/v3/'.length)
      let path: string
      try {
        path = rest.split('/').map(decodeURIComponent).join('/')
      } catch {
        return c.json({ message: 'Not a NuGet feed address.' }, 400)
      }
      const answer = answerV3(path, new URL(c.req.url).searchParams, credential, await catalog.get(), (at ??= addressesUnder(options.baseUrl)))
      warn(c, answer.warnings)
      if (answer.status === 200) keepable(c)
      return c.json(answer.body as object, answer.status)
    })
}
