import type Stripe from 'stripe'
import type { CustomField } from '../collection'
import { newId } from './ids'

/** A quote for one recurring price and its seats, typed with the SDK's types. */

const noTotals = { amount_discount: 0, amount_shipping: 0, amount_tax: 0 }

export function quote(input: {
  customer: string
  created: number
  expiresAt: number
  amount: number
  collectionMethod: Stripe.Quote.CollectionMethod
  daysUntilDue: number | null
  customFields: CustomField[] | null
  header: string | null
  description: string | null
  footer: string | null
  metadata: Record<string, string>
  subscriptionMetadata: Record<string, string> | null
  testClock: string | null
}): Stripe.Quote {
  return {
    id: newId('qt'),
    object: 'quote',
    amount_subtotal: input.amount,
    amount_total: input.amount,
    application: null,
    application_fee_amount: null,
    application_fee_percent: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    collection_method: input.collectionMethod,
    computed: {
      recurring: { amount_subtotal: input.amount, amount_total: input.amount, interval: 'year', interval_count: 1, total_details: noTotals },
      upfront: { amount_subtotal: input.amount, amount_total: input.amount, total_details: noTotals },
    },
    created: input.created,
    currency: 'usd',
    customer: input.customer,
    customer_account: null,
    description: input.description,
    discounts: [],
    expires_at: input.expiresAt,
    footer: input.footer,
    from_quote: null,
    header: input.header,
    invoice: null,
    invoice_settings: { custom_fields: input.customFields, days_until_due: input.daysUntilDue, description: null, footer: null, issuer: { type: 'self' } },
    livemode: false,
    metadata: input.metadata,
    number: null,
    on_behalf_of: null,
    status: 'draft',
    status_transitions: { accepted_at: null, canceled_at: null, finalized_at: null },
    subscription: null,
    subscription_data: { billing_mode: { type: 'classic' }, description: null, effective_date: null, metadata: input.subscriptionMetadata, trial_period_days: null },
    subscription_schedule: null,
    test_clock: input.testClock,
    total_details: noTotals,
    transfer_data: null,
  }
}
