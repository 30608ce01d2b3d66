import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { requestLogger as log } from '../log'
import { cameThroughProxy } from './client-address'

/** The id a TLS-terminating proxy may have given the request, when it is trusted and well formed. */
const forwardedId = /^[\w.:-]{8,128}$/

/** The id and the caller of each request, once known. */
const ids = new WeakMap<IncomingMessage, string>()
const callers = new WeakMap<IncomingMessage, string>()
export const noteCaller = (request: IncomingMessage, oid: string) => callers.set(request, oid)

/** The request's id, as the log and the X-Request-Id header name it. */
export const requestIdOf = (request: IncomingMessage) => ids.get(request) ?? ''

/**
 * An invitation link's secret in a path, as links mailed before it moved to the fragment and an
 * SPA loaded before then still send it: the log writes `…` in its place (issue 48). A segment that
 * short is no secret (`/api/invitations/offer`, where the secret is in the body, is logged as it is).
 */
const invitationSecret = /^(\/(?:api|account)\/invitations\/)[^/]{20,}/

/** The path as the log writes it: without the query (it may carry a session id), nor an invitation's secret. */
export const loggedPath = (url: string) => url.split('?')[0]!.replace(invitationSecret, '$1…')

/** Health checks come every few seconds from the proxy: they would drown the rest. */
const quiet = new Set(['/healthz', '/readyz'])

/**
 * One JSON line per request when it ends: its id (also sent back as X-Request-Id), method, path
 * (`loggedPath`: no query, no invitation secret), status, duration and the caller's oid;
 * never a header. A request the client gave up on before its answer is logged as aborted. One
 * log call per request and no child logger: the log is on every request's path (decision 0019).
 */
export function createRequestLog() {
  return function logRequest(request: IncomingMessage, response: ServerResponse) {
    const sent = request.headers['x-request-id']
    const id = cameThroughProxy(request) && typeof sent === 'string' && forwardedId.test(sent) ? sent : randomUUID()
    ids.set(request, id)
    response.setHeader('X-Request-Id', id)
    if (quiet.has(request.url ?? '')) return
    const started = performance.now()
    response.once('close', () => {
      const status = response.statusCode
      const oid = callers.get(request)
      const line = { req: { id, method: request.method, path: loggedPath(request.url ?? '') }, res: { status }, durationMs: Math.round(performance.now() - started), ...(oid ? { oid } : {}) }
      if (!response.writableFinished) log.warn(line, 'request aborted')
      else if (status >= 500) log.error(line, 'request failed')
      else log.info(line, 'request')
    })
  }
}
