import type Stripe from 'stripe'
import { newId } from './ids'

/** A subscription schedule and its phases, typed with the SDK's types. */

export function schedulePhase(input: { start: number; end: number; price: string; quantity: number }): Stripe.SubscriptionSchedule.Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: 'usd',
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: input.end,
    invoice_settings: null,
    items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: input.price, price: input.price, quantity: input.quantity, tax_rates: [] }],
    metadata: {},
    on_behalf_of: null,
    proration_behavior: 'create_prorations',
    start_date: input.start,
    transfer_data: null,
    trial_end: null,
  }
}

export function subscriptionSchedule(input: {
  customer: string
  subscription: string
  created: number
  testClock: string | null
  phases: Stripe.SubscriptionSchedule.Phase[]
}): Stripe.SubscriptionSchedule {
  const current = input.phases[0]!
  return {
    id: newId('sub_sched'),
    object: 'subscription_schedule',
    application: null,
    billing_mode: { flexible: null, type: 'classic' },
    canceled_at: null,
    completed_at: null,
    created: input.created,
    current_phase: { end_date: current.end_date, start_date: current.start_date },
    customer: input.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, days_until_due: null, description: null, footer: null, issuer: { type: 'self' } },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: 'release',
    livemode: false,
    metadata: {},
    pause_schedules: [],
    phases: input.phases,
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: input.subscription,
    test_clock: input.testClock,
  }
}
