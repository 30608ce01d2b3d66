import Stripe from 'stripe'
import type { PaymentCard } from '@/common/contract'
import { isLive } from '../licensing/standing'
import { PaymentDeclinedError } from './errors'
import { idOf, isMissing, refusalsAsDeclines } from './stripe-errors'

/** The metadata that marks the portal's own SetupIntents (a Checkout may make others). */
const purposeKey = 'prism_purpose'
const cardOnFile = 'card_on_file'

/** The refusal of a payment method that no SetupIntent of the customer's set up. */
export const notSetUp = 'This card was not set up for your account. Please enter it again.'

const cardOf = (method: string | Stripe.PaymentMethod | null | undefined): PaymentCard | null =>
  method && typeof method !== 'string' && method.card ? { brand: method.card.brand, last4: method.card.last4 } : null

/** The gateway's calls about a customer's cards (gateway.ts). */
export function createCardCalls(stripe: Stripe) {
  const liveSubscriptions = async (customerId: string, page: { limit: number } | { expand: string[] }) =>
    (await stripe.subscriptions.list({ customer: customerId, status: 'all', ...page })).data.filter((subscription) => isLive(subscription.status))

  return {
    /**
     * The card Stripe would charge: the customer's default for invoices, else the one a live
     * subscription carries (Checkout saves its card on the subscription, not on the customer).
     */
    async defaultCard(customerId: string): Promise<PaymentCard | null> {
      const customer = await stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] })
      if (customer.deleted) return null
      const onCustomer = cardOf(customer.invoice_settings.default_payment_method)
      if (onCustomer) return onCustomer
      const live = await liveSubscriptions(customerId, { expand: ['data.default_payment_method'] })
      return live.map((subscription) => cardOf(subscription.default_payment_method)).find(Boolean) ?? null
    },

    /**
     * The form for a card on file: the customer's open SetupIntent of the portal's (one that
     * awaits its card), else a new one. Safe to repeat: calls at once make one (the key names the
     * customer's latest intent), and a card refused in the form leaves the intent open for the next.
     */
    async setupIntentFor(customerId: string): Promise<{ clientSecret: string }> {
      const recent = await stripe.setupIntents.list({ customer: customerId, limit: 10 })
      const open = recent.data.find((intent) => intent.status === 'requires_payment_method' && intent.usage === 'off_session' && intent.metadata?.[purposeKey] === cardOnFile)
      const intent =
        open ??
        (await stripe.setupIntents.create(
          { customer: customerId, usage: 'off_session', metadata: { [purposeKey]: cardOnFile } },
          { idempotencyKey: `setup-intent:${customerId}:after:${recent.data[0]?.id ?? 'none'}` },
        ))
      if (!intent.client_secret) throw new Error(`Setup intent ${intent.id} has no client secret`)
      return { clientSecret: intent.client_secret }
    },

    /**
     * Makes the payment method the default for invoices and for every live subscription, when a
     * SetupIntent of this customer succeeded with it (the card was confirmed, with its
     * authentication, in the customer's browser, and Stripe attached it then). Any other id, whether
     * made up, never set up, someone else's or since removed, is refused with one message, so the
     * call tells nothing about cards that are not the customer's. Answers the card saved.
     */
    async saveDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string; idempotencyKey: string }): Promise<PaymentCard | null> {
      const setups = await stripe.setupIntents.list({ customer: input.customerId, payment_method: input.paymentMethodId, limit: 10, expand: ['data.payment_method'] }).catch((error: unknown) => {
        if (isMissing(error) || (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method')) return { data: [] }
        throw error
      })
      const method = setups.data.find((intent) => intent.status === 'succeeded')?.payment_method
      if (!method || typeof method === 'string' || idOf(method.customer) !== input.customerId) throw new PaymentDeclinedError(notSetUp, 'setup_intent_required')
      return refusalsAsDeclines(
        (async () => {
          await stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: method.id } }, { idempotencyKey: `${input.idempotencyKey}:default` })
          // A subscription's own card (Checkout sets the one it was paid with) comes before the
          // customer's: the card just saved pays the live subscriptions' upgrades and renewals too.
          for (const subscription of (await liveSubscriptions(input.customerId, { limit: 100 })).filter((candidate) => candidate.default_payment_method !== method.id))
            await stripe.subscriptions.update(subscription.id, { default_payment_method: method.id }, { idempotencyKey: `${input.idempotencyKey}:${subscription.id}` })
          return cardOf(method)
        })(),
      )
    },
  }
}
