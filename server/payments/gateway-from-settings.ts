import type { Agent } from 'node:https'
import { createStripeGateway } from './gateway'
import { createStripeClient } from './stripe-client'
import { priceCatalogue, type StripeSettings } from './stripe-settings'

export type GatewaySettings = Omit<StripeSettings, 'STRIPE_WEBHOOK_SECRET'> & { STRIPE_WEBHOOK_SECRET?: string; agent?: Agent; fetch?: typeof fetch }

/** The gateway and the price catalogue from Stripe's settings: built once per process, for the API (create-api.ts), the jobs and the price check. */
export function gatewayFromSettings(settings: GatewaySettings) {
  const prices = priceCatalogue(settings)
  const stripe = createStripeClient({ secretKey: settings.STRIPE_SECRET_KEY, apiBase: settings.STRIPE_API_BASE || undefined, agent: settings.agent, fetch: settings.fetch })
  return { gateway: createStripeGateway(stripe, prices, settings.STRIPE_WEBHOOK_SECRET ?? ''), prices }
}
