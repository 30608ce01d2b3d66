import type Stripe from 'stripe'
import { newId } from './ids'

/** Customers, their cards, setup intents and test clocks, typed with the SDK's types. */

export function customer(input: {
  id?: string
  created: number
  email: string | null
  name: string | null
  description: string | null
  metadata: Record<string, string>
  testClock: string | null
}): Stripe.Customer {
  const id = input.id ?? newId('cus', 14)
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: input.testClock,
  }
}

export interface CardDetails {
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export function paymentMethod(input: { id?: string; created: number; customer: string | null; card: CardDetails; name?: string | null }): Stripe.PaymentMethod {
  const brand = input.card.brand as Stripe.PaymentMethod.Card['display_brand']
  return {
    id: input.id ?? newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: input.name ?? null, phone: null, tax_id: null },
    card: {
      brand: input.card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: input.card.expMonth,
      exp_year: input.card.expYear,
      fingerprint: `fp${input.card.last4}${input.card.brand}`.slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: input.card.last4,
      networks: { available: [input.card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: input.created,
    customer: input.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  }
}

export function setupIntent(input: { id?: string; created: number; customer: string | null; usage: string; paymentMethodTypes: string[]; metadata: Record<string, string> }): Stripe.SetupIntent {
  const id = input.id ?? newId('seti')
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('x', 24).slice(2)}`,
    created: input.created,
    customer: input.customer,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: input.usage,
  }
}

export function testClock(input: { id?: string; created: number; frozenTime: number; name: string | null }): Stripe.TestHelpers.TestClock {
  return {
    id: input.id ?? newId('clock'),
    object: 'test_helpers.test_clock',
    created: input.created,
    deletes_after: input.created + 30 * 86_400,
    frozen_time: input.frozenTime,
    livemode: false,
    name: input.name,
    status: 'ready',
    status_details: {},
  }
}
