import { checkoutRequestSchema } from '../../common/contract'
import type { Queryable } from '../db/database'
import { findAccountRow } from '../licensing/account-store'
import { ensureCustomer } from '../licensing/billing-account'
import { checkOrder } from '../licensing/checkout-rules'
import { notFound } from '../licensing/refusal'
import { holdsSubscription, liveSubscriptionsOf } from '../licensing/subscription-store'
import type { StripeGateway } from '../payments/gateway'
import { caller, idempotencyKey, onSite, resource } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/** /api/stripe: a purchase through Stripe's hosted checkout, and where a checkout stands. */
export function checkoutRoutes(db: Queryable, gateway: StripeGateway, siteOrigin: string) {
  return resource()
    .get('/checkout-sessions/:sessionId', allow('billing'), async (c) => {
      const sessionId = c.req.param('sessionId')
      const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
      const session = /^cs_\w{1,200}$/.test(sessionId) && customerId ? await gateway.checkoutSession(sessionId) : null
      if (!session || session.customerId !== customerId) throw notFound('The checkout')
      if (session.status !== 'complete' || session.paymentStatus === 'unpaid') return c.json({ status: 'open' as const })
      const fulfilled = session.subscriptionId ? await holdsSubscription(db, session.subscriptionId) : false
      return c.json({ status: fulfilled ? ('fulfilled' as const) : ('processing' as const) })
    })
    .post('/create-checkout-session', allow('billing'), jsonBody(checkoutRequestSchema), async (c) => {
      const body = c.req.valid('json')
      // Refuse an address off the site before anything is stored for this checkout.
      const [successUrl, cancelUrl] = [onSite(siteOrigin, 'successUrl', body.successUrl), onSite(siteOrigin, 'cancelUrl', body.cancelUrl)]
      const account = await findAccountRow(db, caller(c).oid)
      await checkOrder(db, account, body)
      const customerId = await ensureCustomer(db, account, gateway.findOrCreateCustomer)
      // The same order again (a retry, a second click) gets the same session while the seats owned are unchanged.
      const owned = await liveSubscriptionsOf(db, account.oid)
      const key = idempotencyKey(c, 'checkout', { body, owned: owned.map((subscription) => [subscription.id, subscription.quantity]) })
      const order = { customerId, accountOid: account.oid, priceId: body.priceId, quantity: body.quantity, successUrl, cancelUrl }
      let checkout = await gateway.createCheckoutSession({ ...order, idempotencyKey: key })
      // Stripe replays the session the key first made, though another order may have expired it
      // since (below): then the order gets a new one, keyed after the expired one.
      while ((await gateway.checkoutSession(checkout.sessionId))?.status === 'expired')
        checkout = await gateway.createCheckoutSession({ ...order, idempotencyKey: `${key}:after:${checkout.sessionId}` })
      // The rules above hold for open checkouts too: only the newest stays open.
      await gateway.expireOtherCheckouts({ customerId, keep: checkout.sessionId })
      return c.json(checkout)
    })
}
