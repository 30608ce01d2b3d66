import { Hono } from 'hono'
import { feedFiles } from './static-feed'
import type { SamplePackage } from './packages'

/** The portal's API as the feed asks it (its Hono app's fetch), with the Node request (`env.incoming`) the client's address is read from. */
export type PortalFetch<Bindings> = (request: Request, env: Bindings) => Response | Promise<Response>

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
/** A package file, which the static files hold; every other address of the feed is the portal's answer for the credential. */
const packageFile = /^flatcontainer\/[^/]+\/[^/]+\/[^/]+\.(?:nupkg|nuspec)$/
/** The portal's headers a feed answer carries on to the client. */
const passedOn = ['WWW-Authenticate', 'Retry-After', 'Content-Type']
const warningHeader = 'X-NuGet-Warning'

/**
 * The local stack's package feed under `path` (for example `/feed`, the service index then at
 * `/feed/index.json`), made as docs/deploying.md's nginx makes the production one: the metadata (the
 * service index, the version lists, the registrations, search) is the portal's answer for the
 * request's credentials (`GET /api/feed/v3/…`), passed on with its X-NuGet-Warning headers; a package
 * file is served from the static feed of the sample packages (server/local/feed/static-feed.ts)
 * once the portal's check (`GET /api/feed/authorize` with X-Original-URI) lets it through, its 401
 * and 403 passed on with their reasons. `origin` is the address clients reach the stack at.
 */
export function createFeedApp<Bindings extends object = object>(options: { origin: string; path: string; portal: PortalFetch<Bindings>; packages?: readonly SamplePackage[] }) {
  const path = options.path.replace(/\/+$/, '')
  const files = feedFiles(new URL(`${path}/`, options.origin).toString(), options.packages)
  const app = new Hono<{ Bindings: Bindings }>()
  const ask = (address: string, request: Request, env: Bindings, extra: Record<string, string> = {}) => {
    const authorization = request.headers.get('authorization')
    return options.portal(new Request(new URL(address, options.origin), { headers: { ...(authorization === null ? {} : { authorization }), ...extra } }), env)
  }
  /** The portal's answer's headers that reach the client: its challenge, its Retry-After, each warning. */
  const carryOn = (from: Response, names: readonly string[]) => {
    const headers = new Headers()
    for (const name of names) {
      const value = from.headers.get(name)
      if (value) headers.set(name, value)
    }
    for (const [name, value] of from.headers) if (name.toLowerCase() === warningHeader.toLowerCase()) headers.append(warningHeader, value)
    return headers
  }

  app.get(`${path}/*`, async (c) => {
    const rest = c.req.path.slice(path.length + 1)
    if (!packageFile.test(rest)) {
      const answer = await ask(`/api/feed/v3/${rest}${new URL(c.req.url).search}`, c.req.raw, c.env)
      const headers = carryOn(answer, passedOn)
      headers.set('Cache-Control', 'private, no-cache')
      return new Response(answer.body, { status: answer.status, headers })
    }
    const check = await ask('/api/feed/authorize', c.req.raw, c.env, { 'X-Original-URI': c.req.path })
    await check.body?.cancel()
    const headers = carryOn(check, ['WWW-Authenticate', 'Retry-After'])
    headers.set('Cache-Control', 'no-store')
    if (check.status === 401) return Response.json(refusal, { status: 401, headers })
    if (check.status === 403) return Response.json({ message: headers.get(warningHeader) ?? 'This license does not cover this package.' }, { status: 403, headers })
    if (check.status < 200 || check.status > 299) {
      headers.set('Retry-After', '30')
      return Response.json({ message: 'The feed cannot check credentials now.' }, { status: 503, headers })
    }
    const file = files.get(decoded(rest))
    if (!file) return Response.json({ message: 'Not found.' }, { status: 404, headers })
    return new Response(new Uint8Array(file.body), { status: 200, headers: { 'Content-Type': file.type, 'Content-Length': String(file.body.length), 'Cache-Control': 'private, no-cache' } })
  })
  return app
}
