import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'
import type { SandboxPrice } from './options'

/** Builders of Stripe's objects, typed with the SDK's own types so every required field is there. */

type Decimal = NonNullable<Stripe.Price['unit_amount_decimal']>
/** Stripe sends decimals as strings; the SDK types them as its Decimal. */
export const decimal = (value: number) => String(value) as unknown as Decimal

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += alphabet[byte % alphabet.length]
  return `${prefix}_${text}`
}

export const unix = (date: Date | number) => Math.floor((typeof date === 'number' ? date : date.getTime()) / 1000)

/** One year later, as Stripe's yearly interval moves an anchor (same day and time, next year). */
export function addYear(seconds: number): number {
  const date = new Date(seconds * 1000)
  const next = new Date(date)
  next.setUTCFullYear(date.getUTCFullYear() + 1)
  // 29 February moves to 28 February, as Stripe keeps the month.
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0)
  return unix(next)
}

export const productId = (price: SandboxPrice) => `prod_${price.id.replace(/[^A-Za-z0-9]/g, '')}`

export function product(price: SandboxPrice, created: number): Stripe.Product {
  return {
    id: productId(price),
    object: 'product',
    active: true,
    created,
    default_price: price.id,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: price.productName,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: 'seat',
    updated: created,
    url: null,
  }
}

export function priceObject(price: SandboxPrice, created: number): Stripe.Price {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productId(price),
    recurring: { interval: 'year', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: decimal(price.unitAmount),
  }
}

export function planObject(price: SandboxPrice, created: number): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unitAmount,
    amount_decimal: decimal(price.unitAmount),
    billing_scheme: 'per_unit',
    created,
    currency: 'usd',
    interval: 'year',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: productId(price),
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}

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
