import type { Context } from 'hono'
import type { Database } from '../db/database'
import { CheckoutsInTheWay } from '../licensing/checkout-rules'
import { recordOutcome } from '../licensing/pending-checkouts'
import { checkoutOutcomes } from '../payments/checkout-outcomes'
import type { StripeGateway } from '../payments/gateway'
import { stopIfCallerGone } from '../payments/stripe-slots'
import type { Env } from './context'

/**
 * Runs `work`, a decision the open checkouts may refuse (CheckoutsInTheWay: an order, an upgrade);
 * when they do, asks Stripe which of those that refused it expired or were paid meanwhile, one at a
 * time while the request lasts, records it, and runs `work` once more (decision 0051).
 */
export function afterCheckoutsInTheWay(db: Database) {
  const outcomeOf = checkoutOutcomes()
  return async <T>(c: Context<Env>, stripe: StripeGateway, work: () => Promise<T>): Promise<T> =>
    work().catch(async (error: unknown) => {
      if (!(error instanceof CheckoutsInTheWay) || error.inTheWay.length === 0) throw error
      for (const open of error.inTheWay) {
        stopIfCallerGone(c.req.raw.signal)
        await recordOutcome(db, open.id, await outcomeOf(open.sessionId!, stripe))
      }
      return work()
    })
}
