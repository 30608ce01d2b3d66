import { Hono } from 'hono'
import { feedFiles } from './static-feed'
import type { SamplePackage } from './packages'

/**
 * Asks whether a request may read the feed, as nginx's auth_request asks the portal: a 2xx answer
 * lets it through; a 401 is passed on to the client with its challenge (WWW-Authenticate) and
 * Retry-After; anything else is the check failing (500). The local stack passes the portal's own
 * check (GET /api/feed/authorize) with the request's Authorization header.
 */
export type FeedCheck<Bindings> = (request: Request, env: Bindings) => Response | Promise<Response>

/**
 * The check nginx makes, made in process: the portal's `GET /api/feed/authorize` (its Hono app's
 * fetch, at `url`) asked with the request's Authorization header alone, and with the Node request
 * (`env.incoming`) the client's address is read from.
 */
export function portalCheck<Bindings>(fetch: (request: Request, env: Bindings) => Response | Promise<Response>, url: string): FeedCheck<Bindings> {
  return (request, env) => {
    const authorization = request.headers.get('authorization')
    return fetch(new Request(url, { headers: authorization === null ? {} : { authorization } }), env)
  }
}

/** A path's text, or none for a malformed escape (no file has such a name). */
function decoded(path: string) {
  try {
    return decodeURIComponent(path)
  } catch {
    return ''
  }
}

/** What a refused client reads: the portal's challenge, never a page or a redirect (a NuGet client would take those for another protocol). */
const refusal = { message: 'Sign in to the feed with your email and license key.' }

/**
 * The local stack's package feed: the static NuGet v3 feed of the sample packages (server/local/feed/static-feed.ts),
 * served under `path` (for example `/feed`, the service index then at `/feed/index.json`), every
 * request first let through by the check. `origin` is the address clients reach the stack at:
 * the feed's files name their absolute addresses under it. Production serves none of this: there,
 * nginx serves the vendor's feed in front of the same check (deploy/nginx/prism.conf).
 */
export function createFeedApp<Bindings extends object = object>(options: { origin: string; path: string; check: FeedCheck<Bindings>; packages?: readonly SamplePackage[] }) {
  const path = options.path.replace(/\/+$/, '')
  const files = feedFiles(new URL(`${path}/`, options.origin).toString(), options.packages)
  const app = new Hono<{ Bindings: Bindings }>()
  app.get(`${path}/*`, async (c) => {
    c.header('Cache-Control', 'no-store')
    const answer = await options.check(c.req.raw, c.env)
    await answer.body?.cancel()
    if (answer.status === 401) {
      for (const name of ['WWW-Authenticate', 'Retry-After']) {
        const value = answer.headers.get(name)
        if (value) c.header(name, value)
      }
      return c.json(refusal, 401)
    }
    if (answer.status < 200 || answer.status > 299) return c.json({ message: 'The feed cannot check credentials now.' }, 500)
    const file = files.get(decoded(c.req.path.slice(path.length + 1)))
    if (!file) return c.json({ message: 'Not found.' }, 404)
    c.header('Cache-Control', 'private, no-cache')
    return c.body(new Uint8Array(file.body), 200, { 'Content-Type': file.type, 'Content-Length': String(file.body.length) })
  })
  return app
}
