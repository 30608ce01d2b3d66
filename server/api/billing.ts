import { apiRoutes } from '@/common/api-paths'
import { portalSessionRequestSchema, savePaymentMethodRequestSchema, upgradePreviewQuerySchema, upgradeRequestSchema } from '@/common/contract'
import type { Database } from '../db/database'
import { findAccountRow } from '../licensing/account-store'
import { customerOf, ensureCustomer } from '../licensing/billing-account'
import { accountMakingAPurchase } from '../licensing/pending-checkouts'
import { conflict } from '../kernel/refusal'
import { annualTotal, planUpgrade } from '../licensing/upgrade'
import { upgradeSubscriptions } from '../payments/change-subscription'
import type { StripeGateway } from '../payments/gateway'
import { clientAddressOf } from '../http/client-address'
import { caller, idempotencyKey, parsed, person, resource, stripeFor } from './context'
import { portalReturnOf } from './return-addresses'
import { jsonBody } from './json-body'
import { allow } from './permissions'
import { confirmPermitted, permittedBeforeStripe } from './permitted'
import { afterCheckoutsInTheWay } from './checkouts-in-the-way'

/** The refusal of a card's setup outside a purchase, in words. */
export const noPurchaseForCard = 'A payment method is set up during a purchase: choose a license on the pricing page first.'

/** /api/stripe: the customer portal, the card on file, and upgrades. */
export function billingRoutes(db: Database, gateway: StripeGateway, siteOrigin: string, newPaymentCustomer: (oid: string, address: string) => void) {
  const customerOfCaller = async (oid: string) => customerOf(await findAccountRow(db, oid))
  // An upgrade refused by a checkout of the plan left behind asks Stripe whether it was paid or expired meanwhile.
  const afterAsking = afterCheckoutsInTheWay(db)
  return (
    resource()
      .post(apiRoutes.createPortalSession.route, allow('billing'), jsonBody(portalSessionRequestSchema), async (c) => {
        const returnUrl = portalReturnOf(siteOrigin, c.req.valid('json').returnUrl)
        await confirmPermitted(c, db)
        const customerId = await customerOfCaller(caller(c).oid)
        const key = idempotencyKey(c, 'portal', { returnUrl, minute: Math.floor(Date.now() / 60_000) })
        return c.json(await stripeFor(c, gateway).createPortalSession({ customerId, returnUrl, idempotencyKey: key }))
      })
      // Without a billing account there is no payment method yet (a Community owner about to upgrade).
      .get(apiRoutes.hasDefaultPaymentMethod.route, allow('billing'), async (c) => {
        const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
        const card = customerId ? await stripeFor(c, gateway).defaultCard(customerId) : null
        return c.json({ hasPaymentMethod: card !== null, card })
      })
      // The customer's open SetupIntent, or a new one: asking again makes nothing new. Only for a
      // purchase the account is making (card testing): an upgrade of a plan it holds, or a checkout
      // still open. An account with no customer yet makes one here, within the limits for new ones (429 past them).
      .get(apiRoutes.createSetupIntent.route, allow('billing'), async (c) => {
        const { account, making } = await accountMakingAPurchase(db, caller(c).oid)
        if (!making) throw conflict(noPurchaseForCard)
        if (!account.stripe_customer_id) newPaymentCustomer(person(c).oid, clientAddressOf(c.env?.incoming))
        const customerId = await ensureCustomer(db, account, stripeFor(c, gateway).findOrCreateCustomer)
        return c.json(await stripeFor(c, gateway).setupIntentFor(customerId))
      })
      // Only a card that a SetupIntent of the customer's set up (payments/cards.ts).
      .post(apiRoutes.saveDefaultPaymentMethod.route, allow('billing'), jsonBody(savePaymentMethodRequestSchema), async (c) => {
        const { paymentMethodId } = c.req.valid('json')
        await confirmPermitted(c, db)
        const customerId = await customerOfCaller(caller(c).oid)
        const card = await stripeFor(c, gateway).saveDefaultPaymentMethod({ customerId, paymentMethodId, idempotencyKey: idempotencyKey(c, 'default-payment-method', { paymentMethodId }) })
        return c.json({ paymentMethodId, card })
      })
      .get(apiRoutes.upgradePreview.route, allow('billing'), async (c) => {
        const query = parsed(upgradePreviewQuerySchema, c.req.query())
        const { customerId, changes } = await afterAsking(c, stripeFor(c, gateway), () => planUpgrade(db, caller(c).oid, query))
        const previews = await Promise.all(
          changes.map(({ subscription, quantity }) => stripeFor(c, gateway).previewChange({ customerId, subscriptionId: subscription.stripe_subscription_id, priceId: query.priceId, quantity })),
        )
        const renewsOn = previews.map((preview) => preview.currentPeriodEnd).sort((a, b) => a.getTime() - b.getTime())[0]!
        return c.json({ amountDue: previews.reduce((sum, preview) => sum + preview.amountDue, 0), annualTotal: annualTotal(query), renewsOn: renewsOn.toISOString() })
      })
      .post(apiRoutes.upgrade.route, allow('billing'), jsonBody(upgradeRequestSchema), async (c) => {
        const request = c.req.valid('json')
        const [permittedDb, stripe] = [await permittedBeforeStripe(c, db), stripeFor(c, gateway)]
        await afterAsking(c, stripe, () => upgradeSubscriptions(permittedDb, stripe, caller(c).oid, request, (content, part) => idempotencyKey(c, 'upgrade', content, part)))
        return c.json(request)
      })
  )
}
