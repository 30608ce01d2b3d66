import Stripe from 'stripe'
import type { PriceId } from '../../common/plans'
import type { PriceCatalogue } from './stripe-settings'

/** A refusal by the payment provider (a declined card, an unknown payment method); the API answers 402 with its message. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'PaymentDeclinedError'
  }
}

/** Stripe's refusals that are the customer's to fix become PaymentDeclinedError; the rest stay Stripe's errors. */
async function refusalsAsDeclines<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message, error.decline_code ?? error.code ?? 'card_declined')
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && error.param === 'payment_method')
      throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
    throw error
  }
}

/** Stripe's subscription statuses under which its seats are held. */
export const liveStatuses: readonly Stripe.Subscription.Status[] = ['active', 'trialing', 'past_due']

/** A subscription's single item: our plans are one price a subscription. */
export const itemOf = (subscription: Stripe.Subscription) => {
  const item = subscription.items.data[0]
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`)
  return item
}

/**
 * The accounts API's calls to Stripe, through the official SDK. Every write carries an
 * idempotency key the caller derives from the request that caused it, so a retried request
 * never makes a second customer, session, charge or change.
 */
export function createStripeGateway(stripe: Stripe, prices: PriceCatalogue) {
  return {
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

    async createCheckoutSession(input: { customerId: string; accountOid: string; priceId: PriceId; quantity: number; successUrl: string; cancelUrl: string; idempotencyKey: string }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.accountOid,
          line_items: [{ price: prices.stripePriceOf(input.priceId), quantity: input.quantity }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          // A free plan needs no card (Stripe keeps none for a $0 subscription).
          payment_method_collection: 'if_required',
          metadata: { accountOid: input.accountOid },
          subscription_data: { metadata: { accountOid: input.accountOid } },
        },
        { idempotencyKey: input.idempotencyKey },
      )
      if (!session.url) throw new Error(`Checkout session ${session.id} has no address`)
      return { sessionId: session.id, url: session.url }
    },

    /**
     * Expires the customer's other open checkouts: one open at a time, so two checkouts opened side
     * by side (another plan, or more Community seats than the five) cannot both be paid.
     */
    async expireOtherCheckouts(input: { customerId: string; keep: string }) {
      const open = await stripe.checkout.sessions.list({ customer: input.customerId, status: 'open', limit: 100 })
      for (const session of open.data.filter((candidate) => candidate.id !== input.keep)) {
        await stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire:${session.id}` }).catch((error: unknown) => {
          // Paid or expired meanwhile: nothing left to close.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        })
      }
    },

    /** A checkout session, or null when Stripe has none of that id. */
    async checkoutSession(sessionId: string) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId)
        const id = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null))
        return { customerId: id(session.customer), status: session.status, paymentStatus: session.payment_status, subscriptionId: id(session.subscription) }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
        throw error
      }
    },

    async createPortalSession(input: { customerId: string; returnUrl: string; idempotencyKey: string }) {
      const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }, { idempotencyKey: input.idempotencyKey })
      return { url: session.url }
    },

    async createSetupIntent(input: { customerId: string; idempotencyKey: string }) {
      const intent = await stripe.setupIntents.create({ customer: input.customerId, usage: 'off_session' }, { idempotencyKey: input.idempotencyKey })
      if (!intent.client_secret) throw new Error(`Setup intent ${intent.id} has no client secret`)
      return { clientSecret: intent.client_secret }
    },

    /**
     * The card Stripe would charge: the customer's default for invoices, else the one a live
     * subscription carries (Checkout saves its card on the subscription, not on the customer).
     */
    async defaultCard(customerId: string): Promise<{ brand: string; last4: string } | null> {
      const customer = await stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] })
      if (customer.deleted) return null
      const cardOf = (method: string | Stripe.PaymentMethod | null | undefined) => (method && typeof method !== 'string' && method.card ? { brand: method.card.brand, last4: method.card.last4 } : null)
      const onCustomer = cardOf(customer.invoice_settings.default_payment_method)
      if (onCustomer) return onCustomer
      const subscriptions = await stripe.subscriptions.list({ customer: customerId, status: 'all', expand: ['data.default_payment_method'] })
      const live = subscriptions.data.filter((subscription) => liveStatuses.includes(subscription.status))
      return live.map((subscription) => cardOf(subscription.default_payment_method)).find(Boolean) ?? null
    },

    /** Attaches the payment method to the customer (if it is not yet) and makes it the default for invoices and for every live subscription. */
    async saveDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string; idempotencyKey: string }) {
      await refusalsAsDeclines(
        (async () => {
          const method = await stripe.paymentMethods.retrieve(input.paymentMethodId).catch((error: unknown) => {
            if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
            throw error
          })
          const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id
          if (owner && owner !== input.customerId) throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
          if (!owner) await stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId }, { idempotencyKey: `${input.idempotencyKey}:attach` })
          await stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: input.paymentMethodId } }, { idempotencyKey: `${input.idempotencyKey}:default` })
          // A subscription's own card (Checkout sets the one it was paid with) comes before the
          // customer's: the card just saved pays the live subscriptions' upgrades and renewals too.
          const subscriptions = await stripe.subscriptions.list({ customer: input.customerId, status: 'all', limit: 100 })
          for (const subscription of subscriptions.data.filter((candidate) => liveStatuses.includes(candidate.status) && candidate.default_payment_method !== input.paymentMethodId))
            await stripe.subscriptions.update(subscription.id, { default_payment_method: input.paymentMethodId }, { idempotencyKey: `${input.idempotencyKey}:${subscription.id}` })
        })(),
      )
    },

    retrieveSubscription: (subscriptionId: string) => stripe.subscriptions.retrieve(subscriptionId),

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

    /** Moves the subscription to the plan and seats, charging the prorated difference now; a refused charge changes nothing. */
    async changeSubscription(input: { subscriptionId: string; priceId: PriceId; quantity: number; idempotencyKey: string }) {
      const subscription = await stripe.subscriptions.retrieve(input.subscriptionId)
      return refusalsAsDeclines(
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
    },
  }
}

export type StripeGateway = ReturnType<typeof createStripeGateway>
