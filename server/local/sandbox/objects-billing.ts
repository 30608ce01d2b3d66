import type Stripe from 'stripe'
import { decimal, newId, planObject, priceObject, productId } from './objects'
import type { SandboxPrice } from './options'

/** Builders of the billing objects (subscriptions, invoices, checkout and portal sessions), typed with the SDK's types. */

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

export interface InvoiceLineInput {
  amount: number
  description: string
  price: SandboxPrice
  quantity: number
  periodStart: number
  periodEnd: number
  proration: boolean
  subscriptionItem: string
}

export function invoiceLine(invoiceId: string | null, subscriptionId: string, line: InvoiceLineInput): Stripe.InvoiceLineItem {
  return {
    id: newId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: 'usd',
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: line.proration, proration_details: { credited_items: null }, subscription: subscriptionId, subscription_item: line.subscriptionItem },
      type: 'subscription_item_details',
    },
    period: { end: line.periodEnd, start: line.periodStart },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: line.price.id, product: productId(line.price) },
      type: 'price_details',
      unit_amount_decimal: decimal(line.proration ? Math.round(line.amount / line.quantity) : line.price.unitAmount),
    },
    quantity: line.quantity,
    quantity_decimal: decimal(line.quantity),
    subscription: subscriptionId,
    subtotal: line.amount,
    taxes: [],
  }
}

export function invoice(input: {
  id?: string | null
  customer: Stripe.Customer
  subscription: Stripe.Subscription
  created: number
  billingReason: Stripe.Invoice.BillingReason
  lines: InvoiceLineInput[]
  periodStart: number
  periodEnd: number
  number: string | null
}): Stripe.Invoice {
  // A preview has no id (Stripe answers an invoice without one); it is typed as a string.
  const id = input.id === null ? (null as unknown as string) : (input.id ?? newId('in'))
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0)
  const due = Math.max(0, total)
  const lines = input.lines.map((line) => invoiceLine(id, input.subscription.id, line))
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Prism Library (sandbox)',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: null,
    created: input.created,
    currency: 'usd',
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id ?? 'upcoming'}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: { quote_details: null, subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id }, type: 'subscription_details' },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: input.customer.test_clock ?? null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  }
}

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
    expires_at: input.created + 24 * 3600,
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
    ui_mode: 'hosted',
    url: `${input.origin}/sandbox/checkout/${id}`,
    wallet_options: null,
  }
}

export function portalSession(input: { created: number; customer: string; returnUrl: string | null; origin: string }): Stripe.BillingPortal.Session {
  const id = newId('bps')
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_sandbox_default',
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
