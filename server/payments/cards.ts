import type Stripe from 'stripe'
import type { PaymentCard } from '../../common/contract'
import { isLive } from '../licensing/standing'
import { PaymentDeclinedError } from './errors'
import { idOf, isMissing, refusalsAsDeclines } from './stripe-errors'

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
     * Attaches the payment method to the customer (if it is not yet) and makes it the default for
     * invoices and for every live subscription. Answers the card saved.
     */
    async saveDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string; idempotencyKey: string }): Promise<PaymentCard | null> {
      return refusalsAsDeclines(
        (async () => {
          const method = await stripe.paymentMethods.retrieve(input.paymentMethodId).catch((error: unknown) => {
            if (isMissing(error)) throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
            throw error
          })
          const owner = idOf(method.customer)
          if (owner && owner !== input.customerId) throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
          if (!owner) await stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId }, { idempotencyKey: `${input.idempotencyKey}:attach` })
          await stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: input.paymentMethodId } }, { idempotencyKey: `${input.idempotencyKey}:default` })
          // A subscription's own card (Checkout sets the one it was paid with) comes before the
          // customer's: the card just saved pays the live subscriptions' upgrades and renewals too.
          for (const subscription of (await liveSubscriptions(input.customerId, { limit: 100 })).filter((candidate) => candidate.default_payment_method !== input.paymentMethodId))
            await stripe.subscriptions.update(subscription.id, { default_payment_method: input.paymentMethodId }, { idempotencyKey: `${input.idempotencyKey}:${subscription.id}` })
          return cardOf(method)
        })(),
      )
    },
  }
}
