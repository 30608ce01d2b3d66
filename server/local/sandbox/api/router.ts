import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { Database, Queryable } from '../../../db/database'
import type { Core, Ctx } from '../context'
import { newId, priceObject, product, productId } from '../objects'
import { apiVersion, errorResponse, errors, parseParams, read, redactKey, StripeApiError, type Params } from '../protocol'
import { loadAny, type Page, type RequestInfo } from '../store'

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

export type Handler = (call: Call) => Promise<object>

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handler: Handler
  /** Stripe.js may call it with the publishable key. */
  publishable?: boolean
}

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

const hash = (text: string) => createHash('sha256').update(text).digest('hex')

/** Replaces ids by objects along each expand path (`customer`, `invoice_settings.default_payment_method`, `data.subscription`). */
export async function expand(q: Queryable, core: Core, value: unknown, paths: string[]): Promise<unknown> {
  for (const path of paths) await expandPath(q, core, value, path.split('.'), path)
  return value
}

async function resolve(q: Queryable, core: Core, id: string): Promise<unknown> {
  const price = core.prices.find((candidate) => candidate.id === id)
  if (price) return priceObject(price, 0)
  const owner = core.prices.find((candidate) => productId(candidate) === id)
  if (owner) return product(owner, 0)
  return (await loadAny(q, id)) ?? id
}

async function expandPath(q: Queryable, core: Core, value: unknown, parts: string[], whole: string): Promise<void> {
  if (value === null || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (record.object === 'list' && Array.isArray(record.data) && parts[0] === 'data') {
    for (const entry of record.data) await expandPath(q, core, entry, parts.slice(1), whole)
    return
  }
  const [head, ...rest] = parts
  if (!head || !(head in record)) throw errors.request(`This property cannot be expanded (${whole}).`, { param: 'expand' })
  if (rest.length === 0) {
    if (typeof record[head] === 'string') record[head] = await resolve(q, core, record[head])
    return
  }
  if (typeof record[head] === 'string') record[head] = await resolve(q, core, record[head])
  await expandPath(q, core, record[head], rest, whole)
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
        return c.json(body as object, status as 200)
      }
      // Idempotency: the first answer is kept; the same key with other parameters is refused.
      const stored = `${kind}:${hash(key)}:${idempotencyKey}`
      const fingerprint = JSON.stringify(params)
      // Stripe keeps idempotency keys for 24 hours.
      await options.db.query("delete from sandbox_idempotency_keys where created_at < now() - interval '24 hours'")
      const inserted = await options.db.query('insert into sandbox_idempotency_keys (key, method, path, params) values ($1, $2, $3, $4) on conflict (key) do nothing returning key', [
        stored,
        route.method,
        url.pathname,
        fingerprint,
      ])
      if (inserted.length === 0) {
        const [previous] = await options.db.query<{ path: string; params: string; status: number | null; response: string | null }>(
          'select path, params, status, response from sandbox_idempotency_keys where key = $1',
          [stored],
        )
        if (!previous || previous.path !== url.pathname || previous.params !== fingerprint) {
          return errorResponse(
            c,
            new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          )
        }
        if (previous.status === null || previous.response === null) {
          // The first request is still running: the SDK retries a 409 (after a back-off) and then gets the replay.
          c.header('Stripe-Should-Retry', 'true')
          return errorResponse(
            c,
            new StripeApiError(409, {
              type: 'idempotency_error',
              message:
                'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
                idempotencyKey +
                '. Please try again later.',
            }),
          )
        }
        c.header('Idempotent-Replayed', 'true')
        c.header('Idempotency-Key', idempotencyKey)
        return c.body(previous.response, previous.status as 200, { 'Content-Type': 'application/json' })
      }
      const { status, body } = await handle(c, route, kind, params, request)
      const text = JSON.stringify(body)
      if (status >= 500) await options.db.query('delete from sandbox_idempotency_keys where key = $1', [stored])
      else await options.db.query('update sandbox_idempotency_keys set status = $2, response = $3 where key = $1', [stored, status, text])
      c.header('Idempotency-Key', idempotencyKey)
      return c.body(text, status as 200, { 'Content-Type': 'application/json' })
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
