import { apiRoutes } from '@/common/api-paths'
import { checkoutRequestSchema } from '@/common/contract'
import type { Database } from '../db/database'
import { findAccountRow } from '../licensing/account-store'
import { ensureCustomer } from '../licensing/billing-account'
import { decideOrder } from '../licensing/checkout-rules'
import { dropCheckout, recordSession, reserveCheckout } from '../licensing/pending-checkouts'
import { holdsSubscription } from '../licensing/subscription-store'
import { PaymentUnavailableError } from '../payments/errors'
import type { StripeGateway } from '../payments/gateway'
import { afterCheckoutsInTheWay } from './checkouts-in-the-way'
import { caller, idempotencyKey, resource, stripeFor } from './context'
import { checkoutReturnOf } from './return-addresses'
import { jsonBody } from './json-body'
import { allow } from './permissions'
import { notFound } from '../kernel/refusal'
import { permitted } from './permitted'

/** /api/stripe: a purchase through Stripe's hosted checkout, and where a checkout stands. */
export function checkoutRoutes(db: Database, gateway: StripeGateway, siteOrigin: string) {
  const afterAsking = afterCheckoutsInTheWay(db)
  return resource()
    .get(apiRoutes.checkoutStatus.route, allow('billing'), async (c) => {
      const sessionId = c.req.param('sessionId')
      const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
      const session = /^cs_\w{1,200}$/.test(sessionId) && customerId ? await stripeFor(c, gateway).checkoutSession(sessionId) : null
      if (!session || session.customerId !== customerId) throw notFound('The checkout')
      if (session.status !== 'complete' || session.paymentStatus === 'unpaid') return c.json({ status: 'open' as const })
      const fulfilled = session.subscriptionId ? await holdsSubscription(db, session.subscriptionId) : false
      return c.json({ status: fulfilled ? ('fulfilled' as const) : ('processing' as const) })
    })
    .post(apiRoutes.createCheckoutSession.route, allow('billing'), jsonBody(checkoutRequestSchema), async (c) => {
      const body = c.req.valid('json')
      const stripe = stripeFor(c, gateway)
      // The addresses are the site's own; one off the site is refused before anything is stored for this checkout.
      const { successUrl, cancelUrl } = checkoutReturnOf(siteOrigin, body)
      const oid = caller(c).oid
      const account = await findAccountRow(db, oid)
      // The order is weighed (the license type too) and its checkout counted in one transaction under the owner's
      // lock; the same order again (a retry, a second click) gets the same session while the seats owned are unchanged.
      const reserve = () =>
        reserveCheckout(permitted(c, db), oid, body, (holdings) =>
          decideOrder({ allowed_price_id: holdings.allowedPriceId }, body, holdings, idempotencyKey(c, 'checkout', { body, owned: holdings.owned })),
        )
      // Only the open checkouts that refused the order are asked about, then the order is weighed again.
      const checkout = await afterAsking(c, stripe, reserve)
      try {
        const customerId = await ensureCustomer(db, account, stripe.findOrCreateCustomer)
        const order = { customerId, accountOid: oid, priceId: body.priceId, quantity: body.quantity, successUrl, cancelUrl, expiresAt: checkout.expiresAt }
        const session = await stripe.createCheckoutSession({ ...order, idempotencyKey: checkout.id })
        if (session.sessionId !== checkout.sessionId) await recordSession(db, checkout.id, session.sessionId)
        return c.json(session)
      } catch (error) {
        // Stripe surely made no session (it refused, or was never asked): the checkout no longer
        // counts. When Stripe could not be reached, one may exist: it counts until it would have expired.
        if (checkout.created && !(error instanceof PaymentUnavailableError)) await dropCheckout(db, checkout.id)
        throw error
      }
    })
}
