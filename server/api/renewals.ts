import { apiRoutes } from '@/common/api-paths'
import { autoRenewRequestSchema, renewalSeatsRequestSchema } from '@/common/billing-contract'
import type { Database } from '../db/database'
import { billingOwnerFor } from '../licensing/billing-access'
import { renewalsOf } from '../licensing/renewals'
import { setAutoRenew, setRenewalSeats } from '../payments/change-subscription'
import type { StripeGateway } from '../payments/gateway'
import { changeKey } from './change-key'
import { caller, resource, stripeFor } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'
import { permittedBeforeStripe } from './permitted'

/** /api/renewals: each live subscription's next renewal, read from the portal's own copy. */
export function renewalRoutes(db: Database) {
  return resource().get(apiRoutes.renewals.route, allow('billing'), async (c) => c.json(await renewalsOf(db, await billingOwnerFor(db, caller(c).oid))))
}

/** /api/stripe/renewals/:id: the seats a subscription renews with, and auto-renewal (server/payments/change-subscription.ts). */
export function renewalChangeRoutes(db: Database, gateway: StripeGateway) {
  return resource()
    .put(apiRoutes.setRenewalSeats.route, allow('billing'), jsonBody(renewalSeatsRequestSchema), async (c) => {
      const { seats } = c.req.valid('json')
      const subscriptionId = c.req.param('id')
      return c.json(
        await setRenewalSeats(await permittedBeforeStripe(c, db), stripeFor(c, gateway), {
          callerOid: caller(c).oid,
          subscriptionId,
          seats,
          idempotencyKey: changeKey(c, 'renewal-seats', subscriptionId),
        }),
      )
    })
    .put(apiRoutes.setAutoRenew.route, allow('billing'), jsonBody(autoRenewRequestSchema), async (c) => {
      const { autoRenew } = c.req.valid('json')
      const subscriptionId = c.req.param('id')
      return c.json(
        await setAutoRenew(await permittedBeforeStripe(c, db), stripeFor(c, gateway), {
          callerOid: caller(c).oid,
          subscriptionId,
          autoRenew,
          idempotencyKey: changeKey(c, 'auto-renew', subscriptionId),
        }),
      )
    })
}
