import type Stripe from 'stripe'
import { finalize, nowFor, recordInvoiceOutcome } from './billing'
import { readCollection, readCustomFields } from './collection'
import { findPrice, type Ctx } from './context'
import { decimal, newId } from './objects/ids'
import { productId } from './objects/catalogue'
import { invoice as buildInvoice, invoiceLine } from './objects/invoices'
import { errors, mergeMetadata, read, type Params } from './protocol'
import { insert, mustLoad, save } from './store'

/**
 * Invoices made by hand, as POST /v1/invoices, /v1/invoiceitems and /v1/invoices/:id/finalize make
 * them: a draft for a customer's subscription (the sandbox invoices only with `subscription`),
 * collected as it says, its lines added as invoice items, then finalised. The subscription's own
 * cycle is not touched (Stripe's words for `subscription` on an invoice).
 */

interface DraftSecrets {
  /** A sent invoice's days to pay, counted from its finalisation. */
  daysUntilDue: number | null
}

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id)

/** POST /v1/invoices: a draft, empty (the sandbox keeps no pending invoice items to take in). */
export async function createDraft(ctx: Ctx, params: Params): Promise<Stripe.Invoice> {
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', read.string(params, 'customer', { required: true })!, { param: 'customer' })).data
  const subscriptionId = read.string(params, 'subscription')
  if (!subscriptionId) throw errors.invalid('subscription', 'The payment sandbox makes an invoice by hand only for a subscription: give `subscription`.')
  const subscription = (await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', subscriptionId, { param: 'subscription' })).data
  if (subscription.customer !== customer.id) throw errors.invalid('subscription', `The subscription ${subscription.id} does not belong to the customer ${customer.id}.`)
  read.oneOf(params, 'pending_invoice_items_behavior', ['exclude', 'include'])
  const collection = readCollection(params, { params, param: 'days_until_due' })
  const at = await nowFor(ctx.q, customer)
  const draft = buildInvoice({ customer, subscription, created: at, billingReason: 'manual', lines: [], periodStart: at, periodEnd: at, number: null })
  draft.collection_method = collection.method
  draft.due_date = null
  draft.auto_advance = read.boolean(params, 'auto_advance') ?? false
  draft.custom_fields = readCustomFields(params, null)
  draft.metadata = mergeMetadata({}, read.metadata(params))
  draft.description = read.string(params, 'description') ?? null
  await insert(ctx.q, draft, { customer: customer.id, subscription: subscription.id, testClock: idOf(customer.test_clock) }, { daysUntilDue: collection.daysUntilDue } satisfies DraftSecrets)
  return draft
}

/** POST /v1/invoiceitems: a line of a price and seats for a period, added to a draft invoice of the customer. */
export async function addInvoiceItem(ctx: Ctx, params: Params): Promise<Stripe.InvoiceItem> {
  const customerId = read.string(params, 'customer', { required: true })!
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
  const invoiceId = read.string(params, 'invoice')
  if (!invoiceId) throw errors.invalid('invoice', 'The payment sandbox adds invoice items to a draft invoice only: give `invoice`.')
  const row = await mustLoad<Stripe.Invoice>(ctx.q, 'invoice', invoiceId, { lock: true, param: 'invoice' })
  const invoice = row.data
  if (invoice.customer !== customer.id) throw errors.invalid('invoice', `The invoice ${invoice.id} does not belong to the customer ${customer.id}.`)
  if (invoice.status !== 'draft') throw errors.request(`You can only add invoice items to a draft invoice. This invoice is ${invoice.status}.`, { param: 'invoice' })
  const pricing = read.object(params, 'pricing')
  const priceId = pricing ? read.string(pricing, 'price', { param: 'pricing[price]' }) : undefined
  if (!priceId) throw errors.required('pricing[price]')
  const price = findPrice(ctx.core, priceId, 'pricing[price]')
  const quantity = read.integer(params, 'quantity', { min: 1 }) ?? 1
  const period = read.object(params, 'period')
  const at = await nowFor(ctx.q, customer)
  const start = period ? read.integer(period, 'start', { required: true, param: 'period[start]' })! : at
  const end = period ? read.integer(period, 'end', { required: true, param: 'period[end]' })! : at
  if (end < start) throw errors.invalid('period[end]', 'The period end must be at or after its start.')
  const subscriptionId = String(invoice.parent!.subscription_details!.subscription)
  const description = read.string(params, 'description') ?? `${quantity} × ${price.productName}`
  const item: Stripe.InvoiceItem = {
    id: newId('ii'),
    object: 'invoiceitem',
    amount: price.unitAmount * quantity,
    currency: 'usd',
    customer: customer.id,
    customer_account: null,
    date: at,
    description,
    discountable: true,
    discounts: [],
    invoice: invoice.id!,
    livemode: false,
    metadata: mergeMetadata({}, read.metadata(params)),
    parent: null,
    period: { start, end },
    pricing: { price_details: { price: price.id, product: productId(price) }, type: 'price_details', unit_amount_decimal: decimal(price.unitAmount) },
    proration: false,
    quantity,
    quantity_decimal: decimal(quantity),
    tax_rates: [],
    test_clock: idOf(customer.test_clock),
  }
  const line = invoiceLine(invoice.id!, subscriptionId, { amount: item.amount, description, price, quantity, periodStart: start, periodEnd: end, proration: false, subscriptionItem: '' })
  line.parent = {
    invoice_item_details: { invoice_item: item.id, proration: false, proration_details: { credited_items: null }, subscription: subscriptionId },
    subscription_item_details: null,
    type: 'invoice_item_details',
  }
  invoice.lines.data.push(line)
  const total = invoice.lines.data.reduce((sum, each) => sum + each.amount, 0)
  Object.assign(invoice, { subtotal: total, subtotal_excluding_tax: total, total, total_excluding_tax: total, amount_due: total, amount_remaining: total })
  await save(ctx.q, invoice)
  await insert(ctx.q, item, { customer: customer.id, subscription: subscriptionId })
  return item
}

/** POST /v1/invoices/:id/finalize: the draft numbered, open and sent (send_invoice), due its days to pay from now. */
export async function finalizeDraft(ctx: Ctx, id: string): Promise<Stripe.Invoice> {
  const row = await mustLoad<Stripe.Invoice>(ctx.q, 'invoice', id, { lock: true })
  const invoice = row.data
  if (invoice.status !== 'draft') throw errors.request("This invoice is already finalized, you can't re-finalize a non-draft invoice.")
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(invoice.customer))).data
  const at = await nowFor(ctx.q, customer)
  const { daysUntilDue } = row.private as unknown as DraftSecrets
  if (invoice.collection_method === 'send_invoice') invoice.due_date = at + (daysUntilDue ?? 0) * 86_400
  const failure = await finalize(ctx, invoice, { at, charge: null })
  await save(ctx.q, invoice)
  await recordInvoiceOutcome(ctx, invoice, failure)
  return invoice
}
