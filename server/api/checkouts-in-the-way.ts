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
 * time while the request lasts, records it, and runs `work` again, until it passes or only
 * checkouts already asked stand in its way (an upgrade names one checkout at a time: two paid ones
 * take two rounds). Each checkout is asked once a request (decision 0051).
 */
export function afterCheckoutsInTheWay(db: Database) {
  const outcomeOf = checkoutOutcomes()
  return async <T>(c: Context<Env>, stripe: StripeGateway, work: () => Promise<T>): Promise<T> => {
    const asked = new Set<string>()
    for (;;) {
      try {
        return await work()
      } catch (error) {
        const unasked = error instanceof CheckoutsInTheWay ? error.inTheWay.filter((open) => !asked.has(open.id)) : []
        if (unasked.length === 0) throw error
        for (const open of unasked) {
          stopIfCallerGone(c.req.raw.signal)
          asked.add(open.id)
          await recordOutcome(db, open.id, await outcomeOf(open.sessionId!, stripe))
        }
      }
    }
  }
}
