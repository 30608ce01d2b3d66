import type { Agent } from 'node:https'
import Stripe from 'stripe'

/** The API version this code was written and tested against; Stripe answers in it whatever the account's default. */
export const stripeApiVersion = '2026-10-28.endive' as const

/**
 * Stripe's official SDK, pointed at Stripe (no `apiBase`) or at a Stripe-compatible API such as
 * the local payment sandbox (`apiBase` is its origin; `agent` trusts its certificate; `fetch`, when
 * given, carries the requests instead of the network: the local stack's own jobs reach its sandbox so).
 */
export function createStripeClient(options: { secretKey: string; apiBase?: string; agent?: Agent; fetch?: typeof fetch }): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined
  return new Stripe(options.secretKey, {
    apiVersion: stripeApiVersion,
    // Network failures and Stripe's 409/429/5xx are retried with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'prism-portal' },
    ...(base && { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }),
    ...(options.agent && { httpAgent: options.agent }),
    ...(options.fetch && { httpClient: Stripe.createFetchHttpClient(options.fetch) }),
  })
}
