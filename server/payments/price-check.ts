import { planBilling, plans } from '@/common/plans'
import { formatUsd } from '@/common/format'
import type { StripeGateway } from './gateway'
import type { PriceCatalogue } from './stripe-settings'
import type { PriceTerms } from './subscription-reads'

/** The configured prices disagree with the plans the site shows: the start stops, naming each. */
export class PriceMismatchError extends Error {
  constructor(readonly mismatches: string[]) {
    super(`Stripe's prices differ from the plans the site shows:\n${mismatches.map((line) => `  - ${line}`).join('\n')}`)
    this.name = 'PriceMismatchError'
  }
}

const every = (interval: string | null, count: number | null) => (interval ? `every ${count === 1 ? '' : `${count} `}${interval}${count === 1 ? '' : 's'}` : 'once')
const amount = (cents: number | null, currency: string) =>
  cents === null ? `a custom amount in ${currency.toUpperCase()}` : currency === 'usd' ? formatUsd(cents) : `${cents / 100} ${currency.toUpperCase()}`
const describe = (terms: PriceTerms) => `${amount(terms.unitAmount, terms.currency)} ${every(terms.interval, terms.intervalCount)}`

/**
 * Reads each configured Stripe price and compares it with the plan the site shows for it
 * (common/plans.ts: its amount, in US dollars, once a year). Answers one line per price that
 * differs or that Stripe does not have, naming it.
 */
export async function priceMismatches(gateway: Pick<StripeGateway, 'priceTerms'>, prices: PriceCatalogue): Promise<string[]> {
  const mismatches: string[] = []
  for (const plan of plans) {
    const priceId = prices.stripePriceOf(plan.priceId)
    const terms = await gateway.priceTerms(priceId)
    const shown: PriceTerms = { unitAmount: plan.price, currency: planBilling.currency, interval: planBilling.interval, intervalCount: planBilling.intervalCount }
    if (!terms) mismatches.push(`${priceId} (${plan.name}): Stripe has no such price`)
    else if ((Object.keys(shown) as (keyof PriceTerms)[]).some((term) => terms[term] !== shown[term]))
      mismatches.push(`${priceId} (${plan.name}) charges ${describe(terms)}; the site shows ${describe(shown)}`)
  }
  return mismatches
}

/** Throws PriceMismatchError when a configured price differs from its plan. */
export async function checkPrices(gateway: Pick<StripeGateway, 'priceTerms'>, prices: PriceCatalogue): Promise<void> {
  const mismatches = await priceMismatches(gateway, prices)
  if (mismatches.length) throw new PriceMismatchError(mismatches)
}
