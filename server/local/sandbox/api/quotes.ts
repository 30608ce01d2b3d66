import type Stripe from 'stripe'
import { readCollection, readCustomFields } from '../collection'
import { errors, mergeMetadata, read } from '../protocol'
import { quotePdf } from '../quote-pdf'
import { acceptQuote, createQuote, current, finalizeQuote, type QuoteSecrets } from '../quotes'
import { list, mustLoad } from '../store'
import { invoiceTaxIds } from '../customer-tax'
import { route, type Route } from './router'

/** Quotes: create, finalize, accept, retrieve, list, and the PDF of a finalised one. */

export const quoteRoutes: Route[] = [
  route('POST', '/quotes', async (ctx, call) => {
    const customerId = read.string(call.params, 'customer', { required: true })!
    const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', customerId, { param: 'customer' })).data
    const items = read.array(call.params, 'line_items')
    if (items.length !== 1) throw errors.invalid('line_items', 'The payment sandbox takes exactly one quote line item.')
    const settings = read.object(call.params, 'invoice_settings')
    const subscriptionData = read.object(call.params, 'subscription_data')
    return createQuote(ctx, {
      customer,
      priceId: read.string(items[0]!, 'price', { required: true, param: 'line_items[0][price]' })!,
      quantity: read.integer(items[0]!, 'quantity', { min: 1, max: 999_999, param: 'line_items[0][quantity]' }) ?? 1,
      collection: readCollection(call.params, { params: settings ?? {}, param: 'invoice_settings[days_until_due]' }),
      customFields: readCustomFields(settings, 'invoice_settings'),
      expiresAt: read.integer(call.params, 'expires_at'),
      header: read.string(call.params, 'header') ?? null,
      description: read.string(call.params, 'description') ?? null,
      footer: read.string(call.params, 'footer') ?? null,
      metadata: mergeMetadata({}, read.metadata(call.params)),
      subscriptionMetadata: subscriptionData ? (read.metadata(subscriptionData) ?? null) : null,
    })
  }),
  route('GET', '/quotes/:id', (ctx, call) => current(ctx, call.path.id!)),
  route('GET', '/quotes', async (ctx, call) => {
    const customer = read.string(call.params, 'customer')
    const status = read.oneOf(call.params, 'status', ['accepted', 'canceled', 'draft', 'open'])
    return list<Stripe.Quote>(ctx.q, 'quote', { ...(customer ? { customer } : {}), json: status ? { status } : {} }, call.page(), '/v1/quotes')
  }),
  route('POST', '/quotes/:id/finalize', (ctx, call) => finalizeQuote(ctx, call.path.id!)),
  route('POST', '/quotes/:id/accept', (ctx, call) => acceptQuote(ctx, call.path.id!)),
  route('GET', '/quotes/:id/pdf', async (ctx, call) => {
    const row = await mustLoad<Stripe.Quote>(ctx.q, 'quote', call.path.id!)
    if (row.data.status === 'draft') throw errors.request('The quote must be finalized before its PDF can be downloaded.')
    const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(row.data.customer))).data
    return quotePdf(row.data, customer, await invoiceTaxIds(ctx.q, customer.id), row.private as unknown as QuoteSecrets, ctx.core)
  }),
]
