import { formatUsd } from './format'

/**
 * The three annual per-developer plans (spec sections 3 and 9). The pricing cards, the purchase
 * page and the accounts API all read this one module.
 */
export type PriceId = 'community' | 'commercial' | 'commercial-plus'

export interface Plan {
  priceId: PriceId
  name: string
  /** Price per developer per year, in US cents. */
  price: number
  /** 'FREE*' for Community, else the price in US dollars. */
  priceDisplay: string
  actionText: string
  description: string
  features: readonly string[]
  bestValue: boolean
  /** Seats one purchase page order may hold; undefined means no limit. */
  maxPurchaseSeats?: number
}

const planList: readonly Omit<Plan, 'priceDisplay'>[] = [
  {
    priceId: 'community',
    name: 'Community',
    price: 0,
    actionText: 'Get Community License',
    description: 'For individuals, open-source projects and small businesses that qualify.',
    features: ['Install via the public package source', 'Unlimited deployment'],
    bestValue: false,
    maxPurchaseSeats: 5,
  },
  {
    priceId: 'commercial-plus',
    name: 'Commercial Plus',
    price: 49900,
    actionText: 'Buy Commercial Plus',
    description: 'Everything a professional team needs, with the private feed and early access.',
    features: [
      'Commercial app development',
      'Public and private package feed',
      'CI builds',
      'More frequent updates',
      'Popups plugin',
      'Prism Essentials (beta)',
      'Additional containers',
      'Discord access',
      'Prism Magician and IDE extensions (coming soon)',
    ],
    bestValue: true,
  },
  {
    priceId: 'commercial',
    name: 'Commercial',
    price: 29900,
    actionText: 'Buy Commercial',
    description: 'For companies building commercial XAML applications.',
    features: ['Commercial app development', 'Public package feed', 'Unlimited deployment'],
    bestValue: false,
  },
]

export const plans: readonly Plan[] = planList.map((plan) => ({
  ...plan,
  priceDisplay: plan.price === 0 ? 'FREE*' : formatUsd(plan.price),
}))

/** Every plan's price is charged in this currency, once a year (what the site says, and what Stripe's prices must charge: server/payments/price-check.ts). */
export const planBilling = { currency: 'usd', interval: 'year', intervalCount: 1 } as const

export const priceIds = plans.map((plan) => plan.priceId)

/** The purchase page address for a plan (spec section 2: /account/purchase?pid=<priceId>). */
export function purchaseHref(plan: { priceId: PriceId }): string {
  return `/account/purchase?${new URLSearchParams({ pid: plan.priceId })}`
}

export function findPlan(priceId: string): Plan | undefined {
  return plans.find((plan) => plan.priceId === priceId)
}

/** Upgrade paths of spec section 4: Community to either paid plan, Commercial to Commercial Plus. */
export const upgradePaths: Readonly<Record<PriceId, readonly PriceId[]>> = {
  community: ['commercial', 'commercial-plus'],
  commercial: ['commercial-plus'],
  'commercial-plus': [],
}

/** The plans from the lowest to the highest: every upgrade path leads up this ladder. */
export const planLadder: readonly PriceId[] = ['community', 'commercial', 'commercial-plus']

/** Seats in the upgrade flow (spec section 9). */
export const upgradeSeatLimits = { min: 1, max: 500 } as const

/** Community eligibility rule, shown under the pricing cards (spec section 6). */
export const communityEligibility =
  '* Free for individuals and organizations with under $1 million USD in annual gross revenue, or that have never received more than $3 million USD in outside capital.'
