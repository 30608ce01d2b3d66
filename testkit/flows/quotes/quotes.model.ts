/** Model of the quotes machine for generated paths: tests, the path catalogue and coverage. */
import type { InvoiceOrder, Quote } from '@/common/billing-contract'
import { quotesMachine } from '@/machines/quotes.machine'
import { conflictWords, longPoDraft, northwindDraft, placedOrder, taxIdRefused } from '@/testkit/flows/invoice-order/invoice-order.fixtures'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { savesPdf } from './quotes.oracle'

/** A quote asked for earlier, still open; one accepted already; one past its 30 days. */
export const openQuote: Quote = {
  id: 'qt_open',
  number: 'QT-NORA-0001',
  priceId: 'commercial',
  quantity: 5,
  total: 149_500,
  poNumber: 'PO-4711',
  expiresAt: '2027-03-31T00:00:00.000Z',
  status: 'open',
}
export const expiredQuote: Quote = { ...openQuote, id: 'qt_expired', number: 'QT-NORA-0000', quantity: 2, total: 59_800, poNumber: '', expiresAt: '2027-01-31T00:00:00.000Z', status: 'expired' }
/** The quote a request answers: Commercial Plus for 3, without a PO number. */
export const newQuote: Quote = { ...openQuote, id: 'qt_new', number: 'QT-NORA-0002', priceId: 'commercial-plus', quantity: 3, total: 149_700, expiresAt: '2027-04-30T00:00:00.000Z' }

/** What accepting the open quote makes: Commercial for 5, awaiting payment. */
export const acceptedOrder: InvoiceOrder = placedOrder
export const refusedWords = 'Quote QT-NORA-0001 expired on March 31, 2027: request a new quote.'
export const offlineWords = 'There was a problem connecting to the server. Please try again.'
/** The open quote's PDF as the API sends it (its first bytes), and as the actor hands it on. */
export const quotePdfText = '%PDF-1.4 QT-NORA-0001'
export const quotePdf = new Blob([quotePdfText], { type: 'application/pdf' })

export const fixtures: ActorFixtures<typeof quotesMachine> = {
  loadQuotes: { done: [[openQuote, expiredQuote]], error: [new Error(offlineWords)] },
  requestQuote: { done: [newQuote], error: [new Error(conflictWords), taxIdRefused] },
  acceptQuote: { done: [acceptedOrder], error: [new Error(refusedWords)] },
  downloadQuotePdf: { done: [quotePdf], error: [new Error(offlineWords)] },
}

export const quotesModel: PathPlan<typeof quotesMachine> = {
  name: 'quotes',
  machine: quotesMachine,
  actors: Object.keys(fixtures),
  addressees: ['session'],
  // The view hands the quote's PDF to the browser to save on this action.
  effects: { actions: { savePdf: (params: { quote: Quote }) => savesPdf(params.quote.number) } },
  inputs: [{}],
  events: [
    { type: 'quotes.reload' },
    { type: 'request.open' },
    { type: 'request.submit', priceId: 'commercial-plus', quantity: 3, draft: northwindDraft },
    { type: 'request.submit', priceId: 'commercial-plus', quantity: 3, draft: longPoDraft },
    { type: 'dialog.close' },
    { type: 'accept.request', quote: openQuote },
    { type: 'accept.request', quote: expiredQuote },
    { type: 'accept.confirm' },
    { type: 'pdf.download', quote: openQuote },
    ...actorEvents(fixtures),
  ],
  // What the person can tell apart: where it stands, the quotes and their standing, the quote picked, the notices, the order made.
  serialize: (snapshot) => {
    const { quotes, picked, order, error, taxIdError, notice } = snapshot.context
    return { value: snapshot.value, quotes: quotes.map((quote) => `${quote.id}:${quote.status}`), picked: picked?.id ?? null, order: order?.invoice.number ?? null, error, taxIdError, notice }
  },
}
