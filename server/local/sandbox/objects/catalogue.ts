import type Stripe from 'stripe'
import type { SandboxPrice } from '../options'
import { decimal } from './ids'

/** The products, prices and plans the sandbox sells, built from its configured prices. */

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
