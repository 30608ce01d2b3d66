import { apiRoutes } from '@/common/api-paths'
import { plans } from '@/common/plans'
import type { Queryable } from '../db/database'
import { seatsAvailable } from '../licensing/checkout-rules'
import { notFound } from '../kernel/refusal'
import type { PriceCatalogue } from '../payments/stripe-settings'
import { caller, resource } from './context'
import { allow } from './permissions'

/** GET /api/products/:pid: a plan as the purchase page shows it, with the seats the caller may still buy. */
export function productRoutes(db: Queryable, prices: PriceCatalogue) {
  return resource().get(apiRoutes.product.route, allow('billing'), async (c) => {
    const plan = plans.find((candidate) => candidate.priceId === c.req.param('pid'))
    if (!plan) throw notFound('The product')
    // The limit is answered as the seats left.
    const { maxPurchaseSeats: _limit, ...product } = plan
    return c.json({ ...product, features: [...product.features], stripePriceId: prices.stripePriceOf(plan.priceId), seatsAvailable: await seatsAvailable(db, caller(c).oid, plan) })
  })
}
