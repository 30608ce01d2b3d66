import type Stripe from 'stripe'
import { nowFor } from './billing'
import { findPrice, type Ctx } from './context'
import type { Collection, CustomField } from './collection'
import { quote as buildQuote } from './objects/quotes'
import { errors } from './protocol'
import { insert, list, mustLoad, recordEvent, save } from './store'
import { startSubscription } from './subscriptions'

/**
 * Quotes: a draft, finalised (numbered, open until `expires_at`), then accepted, which starts the
 * subscription it quotes, collected as the quote says. An open quote past its expiry is canceled.
 */

const DAY = 86_400
/** Stripe's default validity of a quote. */
export const defaultQuoteDays = 30

/** What the quote's one line is for; Stripe keeps it with the quote. */
export interface QuoteSecrets {
  priceId: string
  quantity: number
}

export interface QuoteInput {
  customer: Stripe.Customer
  priceId: string
  quantity: number
  collection: Collection
  customFields: CustomField[] | null
  expiresAt: number | undefined
  header: string | null
  description: string | null
  footer: string | null
  metadata: Record<string, string>
  subscriptionMetadata: Record<string, string> | null
}

const clockOf = (customer: Stripe.Customer) => (typeof customer.test_clock === 'string' ? customer.test_clock : (customer.test_clock?.id ?? null))

export async function createQuote(ctx: Ctx, input: QuoteInput): Promise<Stripe.Quote> {
  const price = findPrice(ctx.core, input.priceId, 'line_items[0][price]')
  const now = await nowFor(ctx.q, input.customer)
  if (input.expiresAt !== undefined && input.expiresAt <= now) throw errors.invalid('expires_at', 'The expires_at timestamp must be in the future.')
  const quote = buildQuote({
    customer: input.customer.id,
    created: now,
    expiresAt: input.expiresAt ?? now + defaultQuoteDays * DAY,
    amount: price.unitAmount * input.quantity,
    collectionMethod: input.collection.method,
    daysUntilDue: input.collection.daysUntilDue,
    customFields: input.customFields,
    header: input.header,
    description: input.description,
    footer: input.footer,
    metadata: input.metadata,
    subscriptionMetadata: input.subscriptionMetadata,
    testClock: clockOf(input.customer),
  })
  await insert(ctx.q, quote, { customer: input.customer.id, testClock: clockOf(input.customer) }, { priceId: input.priceId, quantity: input.quantity } satisfies QuoteSecrets)
  await recordEvent(ctx.q, ctx.request, 'quote.created', quote)
  return quote
}

/** A draft made open: numbered per customer (QT-<invoice prefix>-0001). */
export async function finalizeQuote(ctx: Ctx, id: string): Promise<Stripe.Quote> {
  const quote = await current(ctx, id)
  if (quote.status !== 'draft') throw errors.request(`This quote cannot be finalized because its status is ${quote.status}. Only draft quotes can be finalized.`)
  const customerRow = await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(quote.customer), { lock: true })
  const secrets = customerRow.private as { nextQuoteSequence?: number }
  const sequence = secrets.nextQuoteSequence ?? 1
  await save(ctx.q, customerRow.data, { ...secrets, nextQuoteSequence: sequence + 1 })
  quote.status = 'open'
  quote.number = `QT-${customerRow.data.invoice_prefix}-${String(sequence).padStart(4, '0')}`
  quote.status_transitions.finalized_at = await nowFor(ctx.q, customerRow.data)
  await save(ctx.q, quote)
  await recordEvent(ctx.q, ctx.request, 'quote.finalized', quote)
  return quote
}

/** An open quote accepted: the subscription it quotes starts, collected as the quote says. */
export async function acceptQuote(ctx: Ctx, id: string): Promise<Stripe.Quote> {
  const row = await mustLoad<Stripe.Quote>(ctx.q, 'quote', id, { lock: true })
  const quote = row.data
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(quote.customer))).data
  const now = await nowFor(ctx.q, customer)
  await expireIfDue(ctx, quote, now)
  if (quote.status === 'accepted') throw errors.request('This quote has already been accepted.')
  if (quote.status === 'canceled')
    throw errors.request(quote.status_transitions.canceled_at === quote.expires_at ? 'This quote has expired and can no longer be accepted.' : 'This quote is canceled and can no longer be accepted.')
  if (quote.status !== 'open') throw errors.request('This quote must be finalized before it can be accepted.')
  const secrets = row.private as unknown as QuoteSecrets
  const { subscription } = await startSubscription(ctx, {
    customer,
    priceId: secrets.priceId,
    quantity: secrets.quantity,
    paymentMethod: null,
    metadata: quote.subscription_data.metadata ?? {},
    collection: { method: quote.collection_method === 'send_invoice' ? 'send_invoice' : 'charge_automatically', daysUntilDue: quote.invoice_settings.days_until_due },
    customFields: quote.invoice_settings.custom_fields,
  })
  quote.status = 'accepted'
  quote.subscription = subscription.id
  quote.status_transitions.accepted_at = now
  await save(ctx.q, quote)
  await recordEvent(ctx.q, ctx.request, 'quote.accepted', quote)
  return quote
}

/** The quote as it is now: an open one past its expiry is canceled first. */
export async function current(ctx: Ctx, id: string): Promise<Stripe.Quote> {
  const quote = (await mustLoad<Stripe.Quote>(ctx.q, 'quote', id, { lock: true })).data
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(quote.customer))).data
  await expireIfDue(ctx, quote, await nowFor(ctx.q, customer))
  return quote
}

async function expireIfDue(ctx: Ctx, quote: Stripe.Quote, now: number) {
  if (quote.status !== 'open' || quote.expires_at > now) return
  quote.status = 'canceled'
  quote.status_transitions.canceled_at = quote.expires_at
  await save(ctx.q, quote)
  await recordEvent(ctx.q, { id: null, idempotencyKey: null }, 'quote.canceled', quote)
}

/** A test clock's advance cancels the customer's open quotes it takes past their expiry. */
export async function expireQuotes(ctx: Ctx, customer: Stripe.Customer, to: number) {
  const open = await list<Stripe.Quote>(ctx.q, 'quote', { customer: customer.id, json: { status: 'open' } }, { limit: 1000 }, '')
  for (const quote of open.data.reverse()) await expireIfDue(ctx, quote, to)
}
