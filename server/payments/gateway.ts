import type { PriceId } from '../../src/content/plans'

/**
 * What the accounts API needs from a card payment provider. The sandbox implements it for the
 * local stack; a Stripe implementation drops in behind the same interface in production.
 * Identifiers are the provider's own (customer, price, subscription, payment method).
 */
export interface PaymentGateway {
  /** Creates a customer for an account that has none yet. */
  createCustomer(input: { accountId: string; email: string; name: string }): Promise<{ customerId: string }>

  /** A hosted checkout page for a new subscription or more seats of the same plan. */
  createCheckoutSession(input: {
    customerId: string
    accountId: string
    priceId: PriceId
    quantity: number
    successUrl: string
    cancelUrl: string
  }): Promise<{ sessionId: string; url: string }>

  /** A hosted customer portal; its 'Return to site' goes to returnUrl. */
  createCustomerPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>

  createSetupIntent(input: { customerId: string }): Promise<{ clientSecret: string }>
  hasDefaultPaymentMethod(input: { customerId: string }): Promise<boolean>
  /** The default payment method's card (brand and last four digits), or null without one. */
  defaultCard(input: { customerId: string }): Promise<{ brand: string; last4: string } | null>
  saveDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void>

  /** Moves a subscription to another plan and seat count, charging the default payment method. */
  upgradeSubscription(input: {
    customerId: string
    subscriptionId: string
    priceId: PriceId
    quantity: number
  }): Promise<void>
}

/** A completed checkout, as the provider reports it (Stripe: checkout.session.completed). */
export interface CompletedCheckout {
  sessionId: string
  accountId: string
  customerId: string
  subscriptionId: string
  priceId: PriceId
  quantity: number
  /** When the subscription's current period ends (ISO 8601). */
  currentPeriodEnd: string
}

/** The accounts side's answer to a completed checkout: create or grow the subscription. */
export type CheckoutFulfillment = (checkout: CompletedCheckout) => Promise<void>

/** Declined payments and similar refusals a provider reports; the API maps them to 4xx answers. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'PaymentDeclinedError'
  }
}
