import type Stripe from 'stripe'
import type { SandboxPrice } from '../options'
import { planObject, priceObject } from './catalogue'
import { newId } from './ids'

/** A subscription and its item, typed with the SDK's types. */

export function subscriptionItem(input: {
  id?: string
  subscription: string
  price: SandboxPrice
  quantity: number
  created: number
  periodStart: number
  periodEnd: number
}): Stripe.SubscriptionItem {
  return {
    id: input.id ?? newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.created,
    current_period_end: input.periodEnd,
    current_period_start: input.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(input.price, input.created),
    price: priceObject(input.price, input.created),
    quantity: input.quantity,
    subscription: input.subscription,
    tax_rates: [],
  }
}

export function subscription(input: {
  id?: string
  customer: string
  created: number
  price: SandboxPrice
  quantity: number
  periodStart: number
  periodEnd: number
  defaultPaymentMethod: string | null
  metadata: Record<string, string>
  testClock: string | null
}): Stripe.Subscription {
  const id = input.id ?? newId('sub')
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.created,
    currency: 'usd',
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [subscriptionItem({ subscription: id, price: input.price, quantity: input.quantity, created: input.created, periodStart: input.periodStart, periodEnd: input.periodEnd })],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.created,
    status: 'active',
    test_clock: input.testClock,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  }
}
