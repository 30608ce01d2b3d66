import { apiRoutes } from '../../common/api-paths'
import { portalSessionRequestSchema, savePaymentMethodRequestSchema, upgradePreviewQuerySchema, upgradeRequestSchema } from '../../common/contract'
import type { Database } from '../db/database'
import { findAccountRow } from '../licensing/account-store'
import { customerOf, ensureCustomer, recordUpgradeRefusal } from '../licensing/billing-account'
import { applySubscription } from '../licensing/subscription-store'
import { annualTotal, needsCard, planUpgrade } from '../licensing/upgrade'
import { PaymentDeclinedError } from '../payments/errors'
import type { StripeGateway } from '../payments/gateway'
import { inSubscriptionTurn } from '../payments/subscription-sync'
import { caller, idempotencyKey, onSite, parsed, resource } from './context'
import { jsonBody } from './json-body'
import { allow } from './permissions'

/** /api/stripe: the customer portal, the card on file, and upgrades. */
export function billingRoutes(db: Database, gateway: StripeGateway, siteOrigin: string) {
  const customerOfCaller = async (oid: string) => customerOf(await findAccountRow(db, oid))
  return (
    resource()
      .post(apiRoutes.createPortalSession.route, allow('billing'), jsonBody(portalSessionRequestSchema), async (c) => {
        const { returnUrl } = c.req.valid('json')
        const customerId = await customerOfCaller(caller(c).oid)
        const key = idempotencyKey(c, 'portal', { returnUrl, minute: Math.floor(Date.now() / 60_000) })
        return c.json(await gateway.createPortalSession({ customerId, returnUrl: onSite(siteOrigin, 'returnUrl', returnUrl), idempotencyKey: key }))
      })
      // Without a billing account there is no payment method yet (a Community owner about to upgrade).
      .get(apiRoutes.hasDefaultPaymentMethod.route, allow('billing'), async (c) => {
        const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
        const card = customerId ? await gateway.defaultCard(customerId) : null
        return c.json({ hasPaymentMethod: card !== null, card })
      })
      // The customer's open SetupIntent, or a new one: asking again makes nothing new.
      .get(apiRoutes.createSetupIntent.route, allow('billing'), async (c) => {
        const customerId = await ensureCustomer(db, await findAccountRow(db, caller(c).oid), gateway.findOrCreateCustomer)
        return c.json(await gateway.setupIntentFor(customerId))
      })
      // Only a card that a SetupIntent of the customer's set up (payments/cards.ts).
      .post(apiRoutes.saveDefaultPaymentMethod.route, allow('billing'), jsonBody(savePaymentMethodRequestSchema), async (c) => {
        const { paymentMethodId } = c.req.valid('json')
        const customerId = await customerOfCaller(caller(c).oid)
        const card = await gateway.saveDefaultPaymentMethod({ customerId, paymentMethodId, idempotencyKey: idempotencyKey(c, 'default-payment-method', { paymentMethodId }) })
        return c.json({ paymentMethodId, card })
      })
      .get(apiRoutes.upgradePreview.route, allow('billing'), async (c) => {
        const query = parsed(upgradePreviewQuerySchema, c.req.query())
        const { customerId, changes } = await planUpgrade(db, caller(c).oid, query)
        const previews = await Promise.all(
          changes.map(({ subscription, quantity }) => gateway.previewChange({ customerId, subscriptionId: subscription.stripe_subscription_id, priceId: query.priceId, quantity })),
        )
        const renewsOn = previews.map((preview) => preview.currentPeriodEnd).sort((a, b) => a.getTime() - b.getTime())[0]!
        return c.json({ amountDue: previews.reduce((sum, preview) => sum + preview.amountDue, 0), annualTotal: annualTotal(query), renewsOn: renewsOn.toISOString() })
      })
      .post(apiRoutes.upgrade.route, allow('billing'), jsonBody(upgradeRequestSchema), async (c) => {
        const request = c.req.valid('json')
        const oid = caller(c).oid
        const { customerId, refusals, changes } = await planUpgrade(db, oid, request)
        if (needsCard(request) && !(await gateway.defaultCard(customerId))) throw new PaymentDeclinedError('There is no payment method on file to charge.', 'payment_method_missing')
        for (const { subscription, quantity } of changes) {
          // The key names the change, the state it starts from and the attempt: the same request again
          // is the same charge, and after a refusal (which Stripe replays for as long as its key lives,
          // a day) the customer's next attempt, with another card or the same one, is charged anew.
          const content = { subscription: subscription.stripe_subscription_id, from: [subscription.price_id, subscription.quantity], to: [request.priceId, quantity], attempt: refusals }
          const key = idempotencyKey(c, 'upgrade', content, subscription.stripe_subscription_id)
          // Stripe's answer is applied at once, in the subscription's turn (the webhook that follows
          // finds it done), so a refresh shows the new plan.
          await inSubscriptionTurn(
            db,
            subscription.stripe_subscription_id,
            () =>
              gateway.changeSubscription({ subscriptionId: subscription.stripe_subscription_id, priceId: request.priceId, quantity, idempotencyKey: key }).catch(async (error: unknown) => {
                if (error instanceof PaymentDeclinedError) await recordUpgradeRefusal(db, oid)
                throw error
              }),
            async (tx, state, askedAt) => {
              if (state) await applySubscription(tx, state, { askedAt })
            },
          )
        }
        return c.json(request)
      })
  )
}
