import { afterAll, describe, expect, it } from 'vitest'
import { gatewayFromSettings } from '@/server/payments/gateway-from-settings'
import { checkPrices, priceMismatches, PriceMismatchError } from '@/server/payments/price-check'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import type { PriceTerms } from '@/server/payments/subscription-reads'
import { startStripe } from '@/tests/support/server/instances'

const prices = priceCatalogue({ STRIPE_PRICE_COMMUNITY: 'price_community', STRIPE_PRICE_COMMERCIAL: 'price_commercial', STRIPE_PRICE_COMMERCIAL_PLUS: 'price_commercial_plus' })
const yearly = (unitAmount: number): PriceTerms => ({ unitAmount, currency: 'usd', interval: 'year', intervalCount: 1 })
/** Stripe's prices as a stand-in answers them: the site's plans, less what `changed` says. */
const answering = (changed: Record<string, PriceTerms | null>) => ({
  priceTerms: async (id: string) => (id in changed ? changed[id]! : yearly({ price_community: 0, price_commercial: 29900, price_commercial_plus: 49900 }[id]!)),
})

describe("Stripe's prices against the plans the site shows", () => {
  const started: Awaited<ReturnType<typeof startStripe>>[] = []
  afterAll(() => Promise.all(started.map((stripe) => stripe.close())))

  it('reads each configured price from the payment sandbox through the SDK: they agree, or the one that differs is named', async () => {
    const agreeing = await startStripe()
    const dearer = await startStripe({ unitAmounts: { 'commercial-plus': 59900 } })
    started.push(agreeing, dearer)
    await expect(checkPrices(gatewayFromSettings(agreeing.env).gateway, prices)).resolves.toBeUndefined()
    const refused = checkPrices(gatewayFromSettings(dearer.env).gateway, prices)
    await expect(refused).rejects.toBeInstanceOf(PriceMismatchError)
    await expect(refused).rejects.toThrow('price_commercial_plus (Commercial Plus) charges $599.00 every year; the site shows $499.00 every year')
  })

  it('names a price in another currency, at another interval, or missing at Stripe, and only those', async () => {
    const mismatches = await priceMismatches(
      answering({ price_community: null, price_commercial: { ...yearly(29900), currency: 'eur' }, price_commercial_plus: { ...yearly(49900), interval: 'month' } }),
      prices,
    )
    expect(mismatches).toEqual([
      'price_community (Community): Stripe has no such price',
      'price_commercial_plus (Commercial Plus) charges $499.00 every month; the site shows $499.00 every year',
      'price_commercial (Commercial) charges 299 EUR every year; the site shows $299.00 every year',
    ])
    expect(await priceMismatches(answering({ price_commercial: { ...yearly(29900), intervalCount: 2 } }), prices)).toEqual([
      'price_commercial (Commercial) charges $299.00 every 2 years; the site shows $299.00 every year',
    ])
  })
})
