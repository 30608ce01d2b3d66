import type Stripe from 'stripe'
import { invoiceDaysToPay, poNumberLabel, type Quote } from '@/common/billing-contract'
import type { PriceId } from '@/common/plans'
import { orderedInvoice } from './invoice-orders'
import type { PriceCatalogue } from './stripe-settings'

/** What Stripe says of a quote that the listing needs: its number, total, expiry and where it stands. */
export interface QuoteState {
  id: string
  number: string
  total: number
  expiresAt: string
  status: Quote['status']
  subscriptionId: string | null
}

/** Stripe cancels an open quote at its expiry: for the portal, that quote expired. */
const stateOf = (quote: Stripe.Quote): QuoteState => ({
  id: quote.id,
  number: quote.number ?? '',
  total: quote.amount_total,
  expiresAt: new Date(quote.expires_at * 1000).toISOString(),
  status: quote.status === 'accepted' ? 'accepted' : quote.status === 'open' ? 'open' : 'expired',
  subscriptionId: typeof quote.subscription === 'string' ? quote.subscription : (quote.subscription?.id ?? null),
})

/**
 * The gateway's calls for quotes (gateway.ts, issue 49): a quote for a plan and its seats, to be
 * collected by a sent invoice with 30 days to pay and the PO number on it, finalised (numbered, its
 * PDF ready) at once; accepted, it starts that subscription.
 */
export function createQuoteCalls(stripe: Stripe, prices: PriceCatalogue) {
  return {
    async createQuote(input: { customerId: string; accountOid: string; priceId: PriceId; quantity: number; poNumber: string; idempotencyKey: string }): Promise<QuoteState> {
      const draft = await stripe.quotes.create(
        {
          customer: input.customerId,
          line_items: [{ price: prices.stripePriceOf(input.priceId), quantity: input.quantity }],
          collection_method: 'send_invoice',
          invoice_settings: { days_until_due: invoiceDaysToPay, ...(input.poNumber && { custom_fields: [{ name: poNumberLabel, value: input.poNumber }] }) },
          subscription_data: { metadata: { accountOid: input.accountOid } },
          metadata: { accountOid: input.accountOid },
        },
        { idempotencyKey: input.idempotencyKey },
      )
      // The same request again finds the quote finalised: Stripe answers the first finalisation again.
      return stateOf(await stripe.quotes.finalizeQuote(draft.id, {}, { idempotencyKey: `${input.idempotencyKey}:finalize` }))
    },

    /** The customer's quotes as Stripe has them now (an open one past its expiry canceled). */
    async quoteStates(customerId: string): Promise<Map<string, QuoteState>> {
      const states = new Map<string, QuoteState>()
      for await (const quote of stripe.quotes.list({ customer: customerId, limit: 100 })) states.set(quote.id, stateOf(quote))
      return states
    },

    quoteState: async (quoteId: string) => stateOf(await stripe.quotes.retrieve(quoteId)),

    /** Accepts an open quote: its subscription starts, its invoice sent. Answers the subscription's id. */
    async acceptQuote(input: { quoteId: string; customerId: string; idempotencyKey: string }): Promise<string> {
      // The customer's bank-transfer details exist before the invoice that prints them.
      await stripe.customers.createFundingInstructions(
        input.customerId,
        { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' },
        { idempotencyKey: `${input.idempotencyKey}:funding` },
      )
      return stateOf(await stripe.quotes.accept(input.quoteId, {}, { idempotencyKey: input.idempotencyKey })).subscriptionId!
    },

    /** The quote's PDF, as Stripe's files host answers it. */
    async quotePdf(quoteId: string): Promise<Buffer> {
      const stream = await stripe.quotes.pdf(quoteId)
      const chunks: Buffer[] = []
      for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk))
      return Buffer.concat(chunks)
    },

    /** The subscription's latest invoice, as an order's answer shows it. */
    latestInvoiceOf: async (subscriptionId: string) => orderedInvoice((await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })).latest_invoice as Stripe.Invoice),
  }
}
