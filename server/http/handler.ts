import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HeaderSet } from '../web/security-headers'
import { noteProxied, warnOfUntrustedForwarding } from './client-address'
import type { TrustedProxies } from './trusted-proxies'
import { createRequestLog } from './request-log'

export type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** A service on the site's origin: its path prefix, its security headers and its handler. */
export type Service = [prefix: string, headers: HeaderSet, handle: Handler]

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)

/** A health answer is JSON for a load balancer: never cached, sniffed, framed or run as a page. */
const healthHeaders = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" }

/**
 * The one request listener of a server, local or production: health checks first (never logged,
 * never rate-limited, no sign-in), then each service by its prefix, then the site. Every request
 * gets an id and a log line; behind a trusted proxy, the client's address is read from its headers.
 */
export function createHandler(options: { services: Service[]; site: () => Handler; health: (path: string) => Promise<{ status: number; body: object }> | null; trustProxy: TrustedProxies }): Handler {
  const requestLog = createRequestLog()
  return (request, response) => {
    if (options.trustProxy(request.socket.remoteAddress)) noteProxied(request)
    else warnOfUntrustedForwarding(request)
    requestLog(request, response)
    const path = request.url ?? '/'
    const health = options.health(path)
    if (health) {
      void health.then(({ status, body }) => response.writeHead(status, { ...healthHeaders, 'Content-Type': 'application/json' }).end(JSON.stringify(body)))
      return
    }
    const service = options.services.find(([prefix]) => under(path, prefix))
    if (!service) return options.site()(request, response)
    const [, headers, handle] = service
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value)
    handle(request, response)
  }
}
