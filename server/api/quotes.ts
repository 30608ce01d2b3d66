import { apiRoutes } from '@/common/api-paths'
import { quoteRequestSchema, type Quote } from '@/common/billing-contract'
import { formatLongDate } from '@/common/format'
import type { Database } from '../db/database'
import { conflict, notFound } from '../kernel/refusal'
import { findAccountRow } from '../licensing/account-store'
import { checkInvoiceOrder } from '../licensing/invoice-order-rules'
import { quoteOf, quotesHad, quotesOf, recordQuote, type QuoteRow } from '../licensing/quote-store'
import type { StripeGateway } from '../payments/gateway'
import type { QuoteState } from '../payments/quotes'
import { syncSubscription } from '../payments/subscription-sync'
import { endCarriedTrials } from '../payments/trial-carry-over'
import { caller, idempotencyKey, resource, stripeFor } from './context'
import { invoicedCustomer, orderAnswer, orderingAccount } from './invoice-orders'
import { jsonBody } from './json-body'
import { allow } from './permissions'

const quoteOfRow = (row: QuoteRow, state: QuoteState): Quote => ({
  id: row.stripe_quote_id,
  number: state.number,
  priceId: row.price_id,
  quantity: row.quantity,
  total: state.total,
  poNumber: row.po_number,
  expiresAt: state.expiresAt,
  status: state.status,
})

/** Why a quote cannot be accepted, in words; null when it can. */
function refusalOf(state: QuoteState) {
  if (state.status === 'accepted') return `Quote ${state.number} was already accepted: its subscription is on My Licenses.`
  if (state.status === 'expired') return `Quote ${state.number} expired on ${formatLongDate(state.expiresAt)}: request a new quote.`
  return null
}

/**
 * /api/stripe/quotes (issue 49): a quote for a plan and seats with a PO number, Stripe's quote
 * finalised at once (numbered, its PDF ready, valid 30 days); listed with where it stands; accepted,
 * it becomes the subscription paid by invoice, as an order by invoice does. Only the account's own.
 */
export function quoteRoutes(db: Database, gateway: StripeGateway) {
  /** The caller's quote by its id, with the customer it belongs to; 404 when it is not theirs. */
  async function ownQuote(oid: string, quoteId: string) {
    const row = await quoteOf(db, oid, quoteId)
    const account = await findAccountRow(db, oid)
    if (!row || !account.stripe_customer_id) throw notFound('The quote')
    return { row, account, customerId: account.stripe_customer_id }
  }

  return resource()
    .get(apiRoutes.quotes.route, allow('billing'), async (c) => {
      const oid = caller(c).oid
      const rows = await quotesOf(db, oid)
      const { stripe_customer_id: customerId } = await findAccountRow(db, oid)
      const states = rows.length > 0 && customerId ? await stripeFor(c, gateway).quoteStates(customerId) : new Map<string, QuoteState>()
      return c.json(rows.flatMap((row) => (states.has(row.stripe_quote_id) ? [quoteOfRow(row, states.get(row.stripe_quote_id)!)] : [])))
    })
    .post(apiRoutes.requestQuote.route, allow('billing'), jsonBody(quoteRequestSchema), async (c) => {
      const request = c.req.valid('json')
      const oid = caller(c).oid
      // The key names the request and how many quotes the account had, read before any call to
      // Stripe: two presses at once make one quote, the same request later another.
      const had = await quotesHad(db, oid)
      const customerId = await invoicedCustomer(c, db, gateway, await orderingAccount(c, db, request), request)
      const key = idempotencyKey(c, 'quote', { request, had })
      const state = await stripeFor(c, gateway).createQuote({ customerId, accountOid: oid, priceId: request.priceId, quantity: request.quantity, poNumber: request.poNumber, idempotencyKey: key })
      const row: QuoteRow = { stripe_quote_id: state.id, owner_oid: oid, price_id: request.priceId, quantity: request.quantity, po_number: request.poNumber }
      await recordQuote(db, row)
      return c.json(quoteOfRow(row, state))
    })
    .post(apiRoutes.acceptQuote.route, allow('billing'), async (c) => {
      const oid = caller(c).oid
      const { row, account, customerId } = await ownQuote(oid, c.req.param('id'))
      const stripe = stripeFor(c, gateway)
      const state = await stripe.quoteState(row.stripe_quote_id)
      const refusal = refusalOf(state)
      if (refusal) throw conflict(refusal)
      checkInvoiceOrder(account, row.price_id)
      // One key a quote: two acceptances at once start one subscription.
      const subscriptionId = await stripe.acceptQuote({ quoteId: row.stripe_quote_id, customerId, idempotencyKey: idempotencyKey(c, 'quote-accept', row.stripe_quote_id) })
      // A trial the account had ends once the seats bought are recorded, as an order by invoice's.
      if ((await syncSubscription(db, stripe, subscriptionId, { context: { route: 'quote-accept' } })) === 'created') await endCarriedTrials(db, stripe, subscriptionId)
      return orderAnswer(c, db, { subscriptionId, invoice: await stripe.latestInvoiceOf(subscriptionId) })
    })
    .get(apiRoutes.quotePdf.route, allow('billing'), async (c) => {
      const { row } = await ownQuote(caller(c).oid, c.req.param('id'))
      const pdf = await stripeFor(c, gateway).quotePdf(row.stripe_quote_id)
      return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="quote-${row.stripe_quote_id}.pdf"` })
    })
}
