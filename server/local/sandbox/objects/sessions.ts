import type Stripe from 'stripe'
import type { SandboxPrice } from '../options'
import { newId } from './ids'

/** Checkout and billing portal sessions, typed with the SDK's types. */

export function checkoutSession(input: {
  id?: string
  created: number
  customer: string
  customerEmail: string | null
  clientReferenceId: string | null
  price: SandboxPrice
  quantity: number
  successUrl: string
  cancelUrl: string | null
  metadata: Record<string, string>
  paymentMethodCollection: Stripe.Checkout.Session.PaymentMethodCollection
  /** Seconds from creation to expiry: Stripe's default is a day. */
  lifetime?: number
  origin: string
}): Stripe.Checkout.Session {
  const id = input.id ?? newId('cs_test', 58)
  const amount = input.price.unitAmount * input.quantity
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    branding_settings: undefined,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: input.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: [],
    expires_at: input.created + (input.lifetime ?? 24 * 3600),
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: input.paymentMethodCollection,
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${input.origin}/sandbox/checkout/${id}`,
    wallet_options: null,
  }
}

export function portalSession(input: { created: number; customer: string; configuration: string; returnUrl: string | null; origin: string }): Stripe.BillingPortal.Session {
  const id = newId('bps')
  return {
    id,
    object: 'billing_portal.session',
    configuration: input.configuration,
    created: input.created,
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: `${input.origin}/sandbox/portal/${id}`,
  }
}
