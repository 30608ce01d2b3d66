import { autoRenewRequestSchema, renewalSeatsRequestSchema } from '../../common/billing-contract'
import type { Database } from '../db/database'
import { billingOwnerFor, renewableSubscriptionFor } from '../licensing/billing-access'
import { checkRenewalSeats, recordRenewalSeats, renewalOf, renewalsOf } from '../licensing/renewals'
import { applySubscription } from '../licensing/subscription-store'
import type { StripeGateway } from '../payments/gateway'
import { changeKey } from './change-key'
import { caller, resource } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/** /api/renewals: each live subscription's next renewal, read from the portal's own copy. */
export function renewalRoutes(db: Database) {
  return resource().get('/', allow('billing'), async (c) => c.json(await renewalsOf(db, await billingOwnerFor(db, caller(c).oid))))
}

/**
 * Changes to one subscription's renewal, one at a time in this instance: each is weighed, sent to
 * Stripe and recorded before the next is weighed, so the portal records what Stripe accepted last.
 * No database transaction is held while Stripe answers (the local stack's PGlite has one connection).
 */
function oneAtATime() {
  const queues = new Map<string, Promise<unknown>>()
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(key) ?? Promise.resolve()).then(work, work)
    const settled = next.catch(() => undefined)
    queues.set(key, settled)
    void settled.then(() => queues.get(key) === settled && queues.delete(key))
    return next
  }
}

/** /api/stripe/renewals/:id: the seats a subscription renews with, and auto-renewal. */
export function renewalChangeRoutes(db: Database, gateway: StripeGateway) {
  const inTurn = oneAtATime()
  return resource()
    .put('/:id/seats', allow('billing'), jsonBody(renewalSeatsRequestSchema), async (c) => {
      const { seats } = c.req.valid('json')
      const subscription = await renewableSubscriptionFor(db, caller(c).oid, c.req.param('id'))
      const answer = await inTurn(subscription.id, async () => {
        const renewal = await renewalOf(db, subscription.owner_oid, subscription.id)
        checkRenewalSeats(renewal, seats)
        const key = changeKey(c, 'renewal-seats', subscription.id)
        const scheduleId = await gateway.scheduleRenewalSeats({ subscriptionId: subscription.stripe_subscription_id, seats, idempotencyKey: key })
        await recordRenewalSeats(db, renewal, seats, scheduleId)
        return renewalOf(db, subscription.owner_oid, subscription.id)
      })
      return c.json(answer)
    })
    .put('/:id/auto-renew', allow('billing'), jsonBody(autoRenewRequestSchema), async (c) => {
      const { autoRenew } = c.req.valid('json')
      const subscription = await renewableSubscriptionFor(db, caller(c).oid, c.req.param('id'))
      const answer = await inTurn(subscription.id, async () => {
        const renewal = await renewalOf(db, subscription.owner_oid, subscription.id)
        const key = changeKey(c, 'auto-renew', subscription.id)
        const state = await gateway.setAutoRenew({ subscriptionId: subscription.stripe_subscription_id, autoRenew, idempotencyKey: key })
        // Applied at once, as an upgrade is (the webhook that follows finds it done); a subscription that ends has no reduction to make.
        await db.transaction(async (tx) => {
          if (state) await applySubscription(tx, state)
          if (!autoRenew) await recordRenewalSeats(tx, renewal, renewal.seats, null)
        })
        return renewalOf(db, subscription.owner_oid, subscription.id)
      })
      return c.json(answer)
    })
}
