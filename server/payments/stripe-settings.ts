import * as v from 'valibot'
import type { PriceId } from '@/common/plans'
import { isSafeAddress } from '../safe-address'

/** Stripe's settings, read from the environment at start (README: Configuration). */
export const stripeSettingsSchema = v.object({
  STRIPE_SECRET_KEY: v.pipe(v.string('STRIPE_SECRET_KEY is required'), v.regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…)')),
  STRIPE_WEBHOOK_SECRET: v.pipe(v.string('STRIPE_WEBHOOK_SECRET is required'), v.regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')),
  /** Empty: Stripe's own API. */
  STRIPE_API_BASE: v.optional(
    v.union(
      [
        v.literal(''),
        // The secret key goes with every request: never in the clear beyond this machine.
        v.pipe(v.string(), v.url('STRIPE_API_BASE must be an address'), v.check(isSafeAddress, 'STRIPE_API_BASE must be an https:// address')),
      ],
      'STRIPE_API_BASE must be an https:// address',
    ),
    '',
  ),
  STRIPE_PRICE_COMMUNITY: v.pipe(v.string('STRIPE_PRICE_COMMUNITY is required'), v.regex(/^price_\w+$/, 'STRIPE_PRICE_COMMUNITY must be a price id (price_…)')),
  STRIPE_PRICE_COMMERCIAL: v.pipe(v.string('STRIPE_PRICE_COMMERCIAL is required'), v.regex(/^price_\w+$/, 'STRIPE_PRICE_COMMERCIAL must be a price id (price_…)')),
  STRIPE_PRICE_COMMERCIAL_PLUS: v.pipe(v.string('STRIPE_PRICE_COMMERCIAL_PLUS is required'), v.regex(/^price_\w+$/, 'STRIPE_PRICE_COMMERCIAL_PLUS must be a price id (price_…)')),
})
export type StripeSettings = v.InferOutput<typeof stripeSettingsSchema>

/** Our plans and Stripe's prices, both ways. */
export interface PriceCatalogue {
  stripePriceOf(priceId: PriceId): string
  /** The plan a Stripe price belongs to, or undefined for a price of another product. */
  planOf(stripePriceId: string): PriceId | undefined
}

export function priceCatalogue(settings: Pick<StripeSettings, 'STRIPE_PRICE_COMMUNITY' | 'STRIPE_PRICE_COMMERCIAL' | 'STRIPE_PRICE_COMMERCIAL_PLUS'>): PriceCatalogue {
  const byPlan: Record<PriceId, string> = {
    community: settings.STRIPE_PRICE_COMMUNITY,
    commercial: settings.STRIPE_PRICE_COMMERCIAL,
    'commercial-plus': settings.STRIPE_PRICE_COMMERCIAL_PLUS,
  }
  const byPrice = new Map(Object.entries(byPlan).map(([plan, price]) => [price, plan as PriceId]))
  return { stripePriceOf: (priceId) => byPlan[priceId], planOf: (stripePriceId) => byPrice.get(stripePriceId) }
}
