import type Stripe from 'stripe'
import type { PriceId } from '@/common/plans'
import type { SubscriptionState } from '../licensing/subscription'
import { createCardCalls } from './cards'
import { createCompanyCalls } from './company'
import { createInvoiceOrderCalls } from './invoice-orders'
import { createTrialCalls } from './trials'
import { createQuoteCalls } from './quotes'
import { createRenewalCalls } from './renewal-schedule'
import { createRenewalInvoiceCalls } from './renewal-invoices'
import { createPortalConfiguration } from './portal-configuration'
import { idOf, inPortalTerms, isMissing, refusalsAsDeclines } from './stripe-errors'
import type { PriceCatalogue } from './stripe-settings'
import { inSlots, processStripeSlots, type StripeCaller, type StripeSlots } from './stripe-slots'
import { createSubscriptionReads } from './subscription-reads'
import { itemOf, subscriptionState } from './subscription-state'
import { verifyEvent } from './webhook-event'

/**
 * The accounts API's calls to Stripe, through the official SDK, answering the portal's own types
 * and errors (errors.ts). Every write carries an idempotency key the caller derives from the request
 * that caused it, so a retried request never makes a second customer, session, charge or change.
 * Each call takes one of the process's slots (stripe-slots.ts) for as long as it talks to Stripe.
 */
export function createStripeGateway(stripe: Stripe, prices: PriceCatalogue, webhookSecret: string, slots: StripeSlots = processStripeSlots) {
  const portalConfiguration = createPortalConfiguration(stripe)
  const calls = inPortalTerms({
    ...createCardCalls(stripe),
    ...createSubscriptionReads(stripe, prices),
    ...createCompanyCalls(stripe),
    ...createRenewalCalls(stripe, prices),
    ...createInvoiceOrderCalls(stripe, prices),
    ...createRenewalInvoiceCalls(stripe, prices),
    ...createTrialCalls(stripe, prices),
    ...createQuoteCalls(stripe, prices),

    /**
     * The account's customer: the one Stripe already has for it (by email and the account id in its
     * metadata), else a new one. The key is the account's, so two first requests at once make one.
     */
    async findOrCreateCustomer(account: { oid: string; email: string; name: string }): Promise<string> {
      const existing = await stripe.customers.list({ email: account.email, limit: 100 })
      const mine = existing.data.find((customer) => customer.metadata?.accountOid === account.oid)
      if (mine) return mine.id
      const created = await stripe.customers.create({ email: account.email, name: account.name, metadata: { accountOid: account.oid } }, { idempotencyKey: `customer:${account.oid}` })
      return created.id
    },

    /** A hosted checkout for the order, open until `expiresAt` (Stripe takes 30 minutes to 24 hours from now). */
    async createCheckoutSession(input: { customerId: string; accountOid: string; priceId: PriceId; quantity: number; successUrl: string; cancelUrl: string; expiresAt: Date; idempotencyKey: string }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          customer: input.customerId,
          client_reference_id: input.accountOid,
          line_items: [{ price: prices.stripePriceOf(input.priceId), quantity: input.quantity }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          // A free plan needs no card (Stripe keeps none for a $0 subscription).
          payment_method_collection: 'if_required',
          // Tax on the customer's billing address, and a business's VAT or other tax ID; both saved
          // on the customer (customer_update), where every later invoice reads them.
          automatic_tax: { enabled: true },
          tax_id_collection: { enabled: true },
          customer_update: { address: 'auto', name: 'auto' },
          billing_address_collection: 'required',
          metadata: { accountOid: input.accountOid },
          subscription_data: { metadata: { accountOid: input.accountOid } },
        },
        { idempotencyKey: input.idempotencyKey },
      )
      if (!session.url) throw new Error(`Checkout session ${session.id} has no address`)
      return { sessionId: session.id, url: session.url }
    },

    /** A checkout session, or null when Stripe has none of that id. */
    async checkoutSession(sessionId: string) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId)
        return { customerId: idOf(session.customer), status: session.status, paymentStatus: session.payment_status, subscriptionId: idOf(session.subscription) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    /** A billing portal session under the portal's own configuration (portal-configuration.ts). */
    async createPortalSession(input: { customerId: string; returnUrl: string; idempotencyKey: string }) {
      const session = await portalConfiguration.use((configuration, again) =>
        stripe.billingPortal.sessions.create(
          { customer: input.customerId, return_url: input.returnUrl, configuration },
          { idempotencyKey: `${input.idempotencyKey}:${configuration}${again ? ':again' : ''}` },
        ),
      )
      return { url: session.url }
    },

    /** The subscription as the portal keeps it, as Stripe has it now; null when it is not for one of our plans. */
    subscriptionState: async (subscriptionId: string) => subscriptionState(await stripe.subscriptions.retrieve(subscriptionId), prices),

    /** What changing the subscription's plan and seats would charge now (Stripe's prorated invoice preview). */
    async previewChange(input: { customerId: string; subscriptionId: string; priceId: PriceId; quantity: number }) {
      const subscription = await stripe.subscriptions.retrieve(input.subscriptionId)
      const item = itemOf(subscription)
      const preview = await stripe.invoices.createPreview({
        customer: input.customerId,
        subscription: input.subscriptionId,
        subscription_details: { items: [{ id: item.id, price: prices.stripePriceOf(input.priceId), quantity: input.quantity }], proration_behavior: 'always_invoice' },
      })
      return { amountDue: preview.amount_due, currentPeriodEnd: new Date(item.current_period_end * 1000) }
    },

    /**
     * Moves the subscription to the plan and seats, charging the prorated difference now; a refused
     * charge changes nothing. Answers the subscription's new state.
     */
    async changeSubscription(input: { subscriptionId: string; priceId: PriceId; quantity: number; idempotencyKey: string }): Promise<SubscriptionState | null> {
      const subscription = await stripe.subscriptions.retrieve(input.subscriptionId)
      const changed = await refusalsAsDeclines(
        stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [{ id: itemOf(subscription).id, price: prices.stripePriceOf(input.priceId), quantity: input.quantity }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      // A seat reduction scheduled for the renewal (renewal-schedule.ts) would undo the change there: the change replaces it.
      if (changed.schedule) await stripe.subscriptionSchedules.release(idOf(changed.schedule)!, {}, { idempotencyKey: `${input.idempotencyKey}:release` })
      return subscriptionState(changed, prices)
    },
  })
  type Gateway = typeof calls & {
    /** A webhook delivery, checked against its signature on the raw body (webhook-event.ts). */
    verifyEvent: (payload: Buffer, signature: string) => ReturnType<typeof verifyEvent>
    /** The same gateway for one caller (a person's request, the webhooks, the jobs): its calls take that lane's slots (decision 0051). */
    as: (caller: StripeCaller) => Gateway
  }
  const as = (caller?: StripeCaller): Gateway => ({
    ...inSlots(slots, calls, caller),
    verifyEvent: (payload, signature) => verifyEvent(stripe, webhookSecret, payload, signature),
    as,
  })
  return as()
}

export type StripeGateway = ReturnType<typeof createStripeGateway>
