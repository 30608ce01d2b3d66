import type { Database, Queryable } from '../db/database'
import { oneAtATime } from '../db/one-at-a-time'
import { log } from '../log'
import { applySubscription, type ApplyOutcome } from '../licensing/subscription-store'
import type { StripeGateway } from './gateway'

export type SyncOutcome = ApplyOutcome | 'duplicate' | 'missing'

/**
 * A turn on one Stripe subscription (server/db/one-at-a-time.ts), shared by the webhook's syncs,
 * the reconciliation and the portal's own changes (upgrade, renewal seats, auto-renewal): `ask` sends
 * the change to Stripe, `apply` records Stripe's answer, dated by `askedAt`, the database clock once
 * the turn began. A state read before the change can then never land over the change's answer, nor
 * the answer over a state read after it, on any instance.
 */
export const inSubscriptionTurn = <A, R>(db: Database, stripeSubscriptionId: string, ask: (turn: Queryable) => Promise<A>, apply: (tx: Queryable, answer: A, askedAt: string) => Promise<R>) =>
  oneAtATime(db, `subscription:${stripeSubscriptionId}`, ask, apply)

/**
 * Brings the portal's copy of one Stripe subscription to what Stripe holds now, one turn at a time
 * per subscription across instances (server/db/one-at-a-time.ts): the lock is taken, Stripe is
 * asked, the answer applied. `first` runs in the same transaction before the answer is applied (a
 * webhook records its event there; false stops the turn as a duplicate). What the portal cannot
 * follow is logged: a price of none of our plans as an error, with the subscription's id; a
 * customer it does not know; a subscription Stripe does not have.
 */
export async function syncSubscription(
  db: Database,
  gateway: Pick<StripeGateway, 'readSubscription'>,
  subscriptionId: string,
  options: { eventAt?: Date; first?: (tx: Queryable) => Promise<boolean>; context?: Record<string, unknown> } = {},
): Promise<SyncOutcome> {
  const { outcome, observed } = await inSubscriptionTurn(
    db,
    subscriptionId,
    () => gateway.readSubscription(subscriptionId),
    async (tx, observed, askedAt) => {
      if (options.first && !(await options.first(tx))) return { outcome: 'duplicate' as const, observed }
      if (!observed) return { outcome: 'missing' as const, observed }
      return { outcome: await applySubscription(tx, observed, { askedAt, eventAt: options.eventAt }), observed }
    },
  )
  const about = { ...options.context, subscriptionId, customerId: observed?.customerId, outcome }
  if (observed && !observed.priceId) log.error({ ...about, stripePriceId: observed.stripePriceId }, 'subscription on a price that is none of our plans: its plan is left as it was')
  if (outcome === 'unknown-account') log.warn(about, 'subscription of a customer the portal does not know: nothing applied')
  if (outcome === 'missing') log.error(about, 'Stripe has no such subscription: nothing applied')
  return outcome
}
