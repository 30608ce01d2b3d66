import { apiRoutes } from '../../common/api-paths'
import { autoRenewRequestSchema, renewalSeatsRequestSchema } from '../../common/billing-contract'
import type { Database } from '../db/database'
import { billingOwnerFor, renewableSubscriptionFor } from '../licensing/billing-access'
import { checkRenewalSeats, recordRenewalSeats, renewalOf, renewalsOf } from '../licensing/renewals'
import { applySubscription } from '../licensing/subscription-store'
import type { StripeGateway } from '../payments/gateway'
import { inSubscriptionTurn } from '../payments/subscription-sync'
import { changeKey } from './change-key'
import { caller, resource } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/** /api/renewals: each live subscription's next renewal, read from the portal's own copy. */
export function renewalRoutes(db: Database) {
  return resource().get(apiRoutes.renewals.route, allow('billing'), async (c) => c.json(await renewalsOf(db, await billingOwnerFor(db, caller(c).oid))))
}

/** /api/stripe/renewals/:id: the seats a subscription renews with, and auto-renewal. */
export function renewalChangeRoutes(db: Database, gateway: StripeGateway) {
  // Each change is weighed, sent to Stripe and recorded in the subscription's turn, across
  // instances, so the portal records what Stripe accepted last.
  return resource()
    .put(apiRoutes.setRenewalSeats.route, allow('billing'), jsonBody(renewalSeatsRequestSchema), async (c) => {
      const { seats } = c.req.valid('json')
      const subscription = await renewableSubscriptionFor(db, caller(c).oid, c.req.param('id'))
      await inSubscriptionTurn(
        db,
        subscription.stripe_subscription_id,
        async () => {
          const renewal = await renewalOf(db, subscription.owner_oid, subscription.id)
          checkRenewalSeats(renewal, seats)
          const key = changeKey(c, 'renewal-seats', subscription.id)
          return { renewal, scheduleId: await gateway.scheduleRenewalSeats({ subscriptionId: subscription.stripe_subscription_id, seats, idempotencyKey: key }) }
        },
        (tx, { renewal, scheduleId }) => recordRenewalSeats(tx, renewal, seats, scheduleId),
      )
      return c.json(await renewalOf(db, subscription.owner_oid, subscription.id))
    })
    .put(apiRoutes.setAutoRenew.route, allow('billing'), jsonBody(autoRenewRequestSchema), async (c) => {
      const { autoRenew } = c.req.valid('json')
      const subscription = await renewableSubscriptionFor(db, caller(c).oid, c.req.param('id'))
      await inSubscriptionTurn(
        db,
        subscription.stripe_subscription_id,
        async () => {
          const renewal = await renewalOf(db, subscription.owner_oid, subscription.id)
          const key = changeKey(c, 'auto-renew', subscription.id)
          return { renewal, state: await gateway.setAutoRenew({ subscriptionId: subscription.stripe_subscription_id, autoRenew, idempotencyKey: key }) }
        },
        // Applied at once, as an upgrade is (the webhook that follows finds it done); a subscription that ends has no reduction to make.
        async (tx, { renewal, state }, askedAt) => {
          if (state) await applySubscription(tx, state, { askedAt })
          if (!autoRenew) await recordRenewalSeats(tx, renewal, renewal.seats, null)
        },
      )
      return c.json(await renewalOf(db, subscription.owner_oid, subscription.id))
    })
}
