import type { IncomingMessage } from 'node:http'
import { log } from '../log'

/** Requests that came through the trusted proxy (TRUST_PROXY): their forwarding headers are believed. */
const proxied = new WeakSet<IncomingMessage>()
export const noteProxied = (request: IncomingMessage) => proxied.add(request)
export const cameThroughProxy = (request: IncomingMessage) => proxied.has(request)

let warned = false
/**
 * A request from a peer TRUST_PROXY does not list, carrying a proxy's headers: said once, since a
 * proxy left off the list puts every client behind its one address.
 */
export function warnOfUntrustedForwarding(request: IncomingMessage) {
  if (warned || (request.headers['x-real-ip'] === undefined && request.headers['x-forwarded-for'] === undefined)) return
  warned = true
  log.warn({ peer: request.socket?.remoteAddress }, 'a request carried X-Real-IP or X-Forwarded-For from a peer TRUST_PROXY does not list: its headers were ignored')
}

/**
 * The address of the client a request is for. Behind the trusted proxy: the X-Real-IP it sets, else
 * the last X-Forwarded-For entry (the one the proxy appended; the ones before it are the
 * client's own word). Otherwise the connection's peer: a client's forwarding headers are ignored.
 */
export function clientAddressOf(request: IncomingMessage | undefined): string {
  if (!request) return 'unknown'
  if (proxied.has(request)) {
    const real = request.headers['x-real-ip']
    if (typeof real === 'string' && real.trim()) return real.trim()
    const forwarded = request.headers['x-forwarded-for']
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim()
    if (last) return last
  }
  return request.socket?.remoteAddress ?? 'unknown'
}
