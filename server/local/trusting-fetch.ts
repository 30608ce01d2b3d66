import { Agent, request } from 'node:https'
import { rootCertificates } from 'node:tls'
import { Readable } from 'node:stream'

/** Statuses whose Response may not carry a body. */
const bodiless = new Set([101, 204, 205, 304])

/**
 * An HTTPS agent that trusts the given certificate (PEM) besides the usual authorities: how the
 * local stack reaches its own origin, whose certificate is self-signed (Stripe's SDK calling the
 * sandbox's /v1, and fetchTrusting below).
 */
export function trustingAgent(certPem: string): Agent {
  // `ca` replaces Node's own list: keep it, so real services are reached through the same agent.
  return new Agent({ ca: [...rootCertificates, certPem], keepAlive: true })
}

/**
 * A `fetch` over `node:https` with trustingAgent: how the accounts API reaches the identity
 * provider's discovery document and keys, and the sandbox delivers its webhooks, on the local
 * stack's origin. It answers a real `Response`, follows no redirect (a 3xx is answered as it is)
 * and honours `init.signal`.
 */
export function fetchTrusting(certPem: string): typeof fetch {
  const agent = trustingAgent(certPem)
  return async function trustingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const incoming = new Request(input, init)
    const url = new URL(incoming.url)
    if (url.protocol !== 'https:') return fetch(incoming)
    const body = incoming.body ? Buffer.from(await incoming.arrayBuffer()) : undefined
    const headers = Object.fromEntries(incoming.headers)
    if (body) headers['content-length'] = String(body.length)
    // The body is handed over as it comes: ask for it uncompressed.
    headers['accept-encoding'] = 'identity'
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(url, { method: incoming.method, headers, agent, signal: incoming.signal }, (answer) => {
        const status = answer.statusCode ?? 502
        const responseHeaders = new Headers()
        for (const [name, value] of Object.entries(answer.headers)) {
          for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, each)
        }
        if (bodiless.has(status) || incoming.method === 'HEAD') {
          answer.resume()
          resolve(new Response(null, { status, statusText: answer.statusMessage, headers: responseHeaders }))
          return
        }
        resolve(new Response(Readable.toWeb(answer) as ReadableStream<Uint8Array>, { status, statusText: answer.statusMessage, headers: responseHeaders }))
      })
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  }
}
