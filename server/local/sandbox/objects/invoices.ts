import type Stripe from 'stripe'
import type { SandboxPrice } from '../options'
import { productId } from './catalogue'
import { decimal, newId } from './ids'
import { seller } from '../seller'

/** Invoices and their lines, typed with the SDK's types. */

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
  /** The customer's tax IDs, as the invoice copies them when finalised. */
  taxIds?: Stripe.Invoice.CustomerTaxId[]
  /** The tax automatic tax computed on the lines (tax-rates.ts), exclusive of them. */
  tax?: Stripe.Invoice.TotalTax | null
}): Stripe.Invoice {
  const settings = input.subscription.invoice_settings
  const sent = input.subscription.collection_method === 'send_invoice'
  // A preview's id is prefixed upcoming_in (Stripe's create_preview).
  const id = input.id === null ? newId('upcoming_in') : (input.id ?? newId('in'))
  const subtotal = input.lines.reduce((sum, line) => sum + line.amount, 0)
  const total = subtotal + (input.tax?.amount ?? 0)
  const due = Math.max(0, total)
  const lines = input.lines.map((line) => invoiceLine(id, input.subscription.id, line))
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: seller.name,
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: sent,
    automatic_tax: input.tax
      ? { disabled_reason: null, enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'complete' }
      : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: input.subscription.collection_method,
    confirmation_secret: null,
    created: input.created,
    currency: 'usd',
    custom_fields: settings.custom_fields,
    customer: input.customer.id,
    customer_account: null,
    customer_address: input.customer.address ?? null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: input.taxIds ?? [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    // A sent invoice is due days_until_due days after it is issued.
    due_date: sent ? input.created + (input.subscription.days_until_due ?? 0) * 86_400 : null,
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
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: input.customer.test_clock ?? null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: subtotal,
    total_pretax_credit_amounts: [],
    total_taxes: input.tax ? [input.tax] : [],
    webhooks_delivered_at: null,
  }
}
