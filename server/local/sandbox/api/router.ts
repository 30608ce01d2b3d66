import { Hono, type Context } from 'hono'
import type { Database } from '@/server/db/database'
import type { Core, Ctx } from '../context'
import { newId } from '../objects/ids'
import { apiVersion, errorResponse, parseParams, read, redactKey, StripeApiError, type Params } from '../protocol'
import { mustLoad, type Page, type RequestInfo, type StoredObject } from '../store'
import { expand } from './expand'
import { idempotent } from './idempotency'

/** Stripe's REST API machinery: keys, form parameters, idempotency keys, errors, expand, lists. */

export type KeyKind = 'secret' | 'publishable'

export interface Call {
  params: Params
  path: Record<string, string>
  key: KeyKind
  core: Core
  request: RequestInfo
  /** Runs the work in one database transaction, with the request's context. */
  run<T>(work: (ctx: Ctx) => Promise<T>): Promise<T>
  /** The list page parameters: limit (default 10, 1 to 100), starting_after, ending_before. */
  page(): Page
}

/** What a route answers: a Stripe object as JSON, or a file (a PDF). */
export type Handler = (call: Call) => Promise<object>

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handler: Handler
  /** Stripe.js may call it with the publishable key. */
  publishable?: boolean
}

/** A route whose work runs in one database transaction, with the request's context. */
export function route(method: Route['method'], path: string, work: (ctx: Ctx, call: Call) => Promise<object>, options: { publishable?: boolean } = {}): Route {
  return { method, path, ...options, handler: (call) => call.run((ctx) => work(ctx, call)) }
}

/** GET /v1/<objects>/:id: the stored object of that type (Stripe's 404 otherwise). */
export const retrieve = <T extends StoredObject>(path: string, type: string): Route => route('GET', path, async (ctx, call) => (await mustLoad<T>(ctx.q, type, call.path.id!)).data)

export interface RouterOptions {
  db: Database
  core: Core
  secretKey: string
  publishableKey: string
  /** Called after every request that may have recorded events. */
  afterWrite: () => void
}

function bearer(c: Context): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(.+)$/i.exec(header)
  if (match) return match[1]!.trim()
  const basic = /^Basic\s+(.+)$/i.exec(header)
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]!
  return null
}

/** The Hono app serving the routes at /v1. */
export function createApiApp(options: RouterOptions, routes: Route[]): Hono {
  const app = new Hono()

  const handle = async (c: Context, route: Route, key: KeyKind, params: Params, request: RequestInfo): Promise<{ status: number; body: unknown }> => {
    const call: Call = {
      params,
      path: c.req.param() as Record<string, string>,
      key,
      core: options.core,
      request,
      run: (work) => options.db.transaction((q) => work({ q, core: options.core, request })),
      page: () => ({ limit: read.integer(params, 'limit', { min: 1, max: 100 }) ?? 10, startingAfter: read.string(params, 'starting_after'), endingBefore: read.string(params, 'ending_before') }),
    }
    try {
      const expansions = read.expand(params)
      const result = await route.handler(call)
      const body = expansions.length > 0 ? await expand(options.db, options.core, result, expansions) : result
      return { status: 200, body }
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } }
      console.error('payment sandbox: internal error', error)
      return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred in the payment sandbox.' } } }
    } finally {
      if (route.method !== 'GET') options.afterWrite()
    }
  }

  for (const route of routes) {
    app.on(route.method, `/v1${route.path}`, async (c) => {
      const requestId = newId('req', 14)
      c.header('Request-Id', requestId)
      c.header('Stripe-Version', c.req.header('stripe-version') ?? apiVersion)
      const key = bearer(c)
      if (!key)
        return errorResponse(
          c,
          new StripeApiError(401, {
            type: 'invalid_request_error',
            message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          }),
        )
      const kind: KeyKind | null = key === options.secretKey ? 'secret' : key === options.publishableKey ? 'publishable' : null
      if (!kind) return errorResponse(c, new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${redactKey(key)}` }))
      if (kind === 'publishable' && !route.publishable) {
        return errorResponse(
          c,
          new StripeApiError(401, {
            type: 'invalid_request_error',
            message: 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
          }),
        )
      }
      const url = new URL(c.req.url)
      const raw = route.method === 'POST' ? await c.req.text() : url.search.slice(1)
      const params = parseParams(raw)
      const idempotencyKey = route.method === 'POST' ? (c.req.header('idempotency-key') ?? null) : null
      const request: RequestInfo = { id: requestId, idempotencyKey }
      if (!idempotencyKey) {
        const { status, body } = await handle(c, route, kind, params, request)
        // A file (the quote's PDF, which Stripe serves from its files host) is sent as it is.
        if (body instanceof Uint8Array) return c.body(new Uint8Array(body), 200, { 'Content-Type': 'application/pdf' })
        return c.json(body as object, status as 200)
      }
      return idempotent(c, options.db, { kind, apiKey: key, idempotencyKey, method: route.method, path: url.pathname, params }, () => handle(c, route, kind, params, request))
    })
  }

  app.all('/v1/*', (c) =>
    errorResponse(
      c,
      new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      }),
    ),
  )
  return app
}
