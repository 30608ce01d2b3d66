import type { Agent } from 'node:https'
import type { Database } from '../db/database'
import type { FeedUsage } from '../feed/feed-usage'
import { createStripeGateway } from '../payments/gateway'
import { createStripeClient } from '../payments/stripe-client'
import { priceCatalogue, type StripeSettings } from '../payments/stripe-settings'
import { createAccountsApp } from './app'
import type { RateLimits } from './rate-limit'
import type { Caller } from './token-verifier'

/**
 * The accounts API with its Stripe gateway, as production and the local stack both build it;
 * only the addresses differ (Stripe or the sandbox, the tenant or the local provider).
 */
export function createApi(options: {
  db: Database
  stripe: StripeSettings & { agent?: Agent }
  verifyToken: (authorization: string | undefined) => Promise<Caller>
  siteOrigin: string
  discordInviteUrl: string
  rateLimits?: RateLimits
  instancesUp?: () => number
  feedUsage?: FeedUsage
}) {
  const prices = priceCatalogue(options.stripe)
  const stripe = createStripeClient({ secretKey: options.stripe.STRIPE_SECRET_KEY, apiBase: options.stripe.STRIPE_API_BASE || undefined, agent: options.stripe.agent })
  return createAccountsApp({
    db: options.db,
    gateway: createStripeGateway(stripe, prices, options.stripe.STRIPE_WEBHOOK_SECRET),
    prices,
    verifyToken: options.verifyToken,
    siteOrigin: options.siteOrigin,
    discordInviteUrl: options.discordInviteUrl,
    rateLimits: options.rateLimits,
    instancesUp: options.instancesUp,
    feedUsage: options.feedUsage,
  })
}
