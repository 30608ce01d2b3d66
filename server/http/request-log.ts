import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pinoHttp } from 'pino-http'
import { log } from '../log'

/** The id a TLS-terminating proxy may have given the request, when it is trusted and well formed. */
const forwardedId = /^[\w.:-]{8,128}$/

/** The caller each request was made by, once the API has verified the token. */
const callers = new WeakMap<IncomingMessage, string>()
export const noteCaller = (request: IncomingMessage, oid: string) => callers.set(request, oid)

/** The request's id, as the log and the X-Request-Id header name it. */
export const requestIdOf = (request: IncomingMessage) => String(request.id ?? '')

/**
 * One JSON line per request: its id (also sent back as X-Request-Id), method, path (the query is
 * left out: it may carry a session id), status, duration and the caller's oid; never a header.
 */
export function createRequestLog(options: { trustProxy: boolean }) {
  return pinoHttp({
    logger: log,
    genReqId(request: IncomingMessage, response: ServerResponse) {
      const sent = request.headers['x-request-id']
      const id = options.trustProxy && typeof sent === 'string' && forwardedId.test(sent) ? sent : randomUUID()
      response.setHeader('X-Request-Id', id)
      return id
    },
    // Health checks come every few seconds from the proxy: they would drown the rest.
    autoLogging: { ignore: (request) => request.url === '/healthz' || request.url === '/readyz' },
    quietReqLogger: true,
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customProps: (request) => {
      const oid = callers.get(request)
      return oid ? { oid } : {}
    },
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, path: request.url.split('?')[0] }),
      res: (response: { statusCode: number }) => ({ status: response.statusCode }),
    },
    customAttributeKeys: { responseTime: 'durationMs' },
  })
}
