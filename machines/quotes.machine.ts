import { assign, enqueueActions, setup } from 'xstate'
import type { InvoiceOrder, InvoiceOrderRequest, Quote } from '../common/billing-contract'
import type { Account } from '../common/contract'
import { invoiceOrderOf, type InvoiceOrderDraft } from '../common/invoice-order-draft'
import type { PriceId } from '../common/plans'
import type { Addressee } from './addressee'
import { showErrorIn } from './error-message'
import { notProvided } from './not-provided'
import { isTaxIdRefusal, type TaxIdRefusal } from './tax-id-refusal'

/** The session, told of the account as an accepted quote left it (its license type and billing): the sidebar follows. */
type SessionAddressee = Addressee<{ type: 'account.changed'; account: Account }>

interface QuotesContext {
  session?: SessionAddressee
  quotes: Quote[]
  /** The quote the user asked to accept, or whose PDF is being fetched. */
  picked: Quote | null
  request: InvoiceOrderRequest | null
  /** What accepting a quote made: the subscription awaiting payment and its invoice. */
  order: InvoiceOrder | null
  error: string | null
  taxIdError: string | null
  notice: string | null
}

type Event =
  | { type: 'quotes.reload' }
  | { type: 'request.open' }
  | { type: 'request.submit'; priceId: PriceId; quantity: number; draft: InvoiceOrderDraft }
  | { type: 'dialog.close' }
  | { type: 'accept.request'; quote: Quote }
  | { type: 'accept.confirm' }
  | { type: 'pdf.download'; quote: Quote }

/** A quote as the list has it now (accepted since it was shown, say), else as the event names it. */
const listed = (context: QuotesContext, quote: Quote) => context.quotes.find((one) => one.id === quote.id) ?? quote

/**
 * Quotes on Invoices and company (issue 49): the account's quotes with their PDFs; 'Request quote'
 * asks for a plan, seats, the company details and a PO number, sent as the contract accepts them,
 * once; an open quote can be accepted (confirmed first), which makes the subscription paid by
 * invoice, 'Awaiting payment'; a quote expired or accepted already is refused in words.
 */
export const quotesMachine = setup({
  types: { context: {} as QuotesContext, input: {} as { session?: SessionAddressee }, events: {} as Event },
  actors: {
    loadQuotes: notProvided<Quote[]>('loadQuotes'),
    requestQuote: notProvided<Quote, InvoiceOrderRequest>('requestQuote'),
    acceptQuote: notProvided<InvoiceOrder, { quoteId: string }>('acceptQuote'),
    downloadQuotePdf: notProvided<Blob, { quoteId: string }>('downloadQuotePdf'),
  },
  actions: {
    keepQuotes: assign({ quotes: (_, params: { quotes: Quote[] }) => params.quotes }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    showTaxIdError: assign({ taxIdError: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    openDialog: assign({ error: null, taxIdError: null, notice: null, order: null, request: null }),
    keepRequest: assign({ request: (_, params: { request: InvoiceOrderRequest }) => params.request, error: null, taxIdError: null }),
    // The new quote heads the list (the same quote answered again is listed once).
    addQuote: assign(({ context }, params: { quote: Quote }) => ({
      quotes: [params.quote, ...context.quotes.filter((quote) => quote.id !== params.quote.id)],
      notice: `Quote ${params.quote.number} is ready.`,
    })),
    pick: assign({ picked: ({ context }, params: { quote: Quote }) => listed(context, params.quote), error: null, notice: null, order: null }),
    // Accepting is entered only through pick: a quote is picked.
    markAccepted: assign(({ context }, params: { order: InvoiceOrder }) => ({
      order: params.order,
      quotes: context.quotes.map((quote) => (quote.id === context.picked!.id ? { ...quote, status: 'accepted' as const } : quote)),
    })),
    tellSession: enqueueActions(({ context, enqueue }, params: { order: InvoiceOrder }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'account.changed', account: params.order.account })
    }),
    /** Hands the PDF to the browser; the app provides it. */
    savePdf: (_, _params: { pdf: Blob; quote: Quote }) => {},
  },
  guards: {
    validRequest: (_, params: { request: InvoiceOrderRequest | null }) => params.request !== null,
    isOpen: ({ context }, params: { quote: Quote }) => listed(context, params.quote).status === 'open',
    refusedTaxId: (_, params: { error: unknown }) => isTaxIdRefusal(params.error),
  },
}).createMachine({
  id: 'quotes',
  context: ({ input }) => ({ quotes: [], picked: null, request: null, order: null, error: null, taxIdError: null, notice: null, session: input.session }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The Quotes section shows a placeholder while GET /api/stripe/quotes answers.',
      invoke: { id: 'loadQuotes', src: 'loadQuotes', onDone: { target: 'listed', actions: { type: 'keepQuotes', params: ({ event }) => ({ quotes: event.output }) } }, onError: showErrorIn('failed') },
    },
    failed: { description: 'The failure with Try again.', on: { 'quotes.reload': { target: 'loading', actions: 'clearError' } } },
    listed: {
      description: "The quotes with number, plan, seats, total, PO, validity, status, PDF and Accept for an open one; 'Request quote'.",
      meta: { requirements: ['I49.quote.listed'] },
      initial: 'idle',
      states: {
        idle: {
          description: 'No dialog: the list, the last notice or failure.',
          on: {
            'request.open': { target: 'requesting', actions: 'openDialog' },
            'accept.request': {
              guard: { type: 'isOpen', params: ({ event }) => ({ quote: event.quote }) },
              target: 'accepting',
              actions: { type: 'pick', params: ({ event }) => ({ quote: event.quote }) },
            },
            'pdf.download': { target: 'downloading', actions: { type: 'pick', params: ({ event }) => ({ quote: event.quote }) } },
          },
        },
        downloading: {
          description: "The quote's PDF button shows progress while its file is fetched with the bearer token.",
          invoke: {
            id: 'downloadQuotePdf',
            src: 'downloadQuotePdf',
            input: ({ context }) => ({ quoteId: context.picked!.id }),
            onDone: { target: 'idle', actions: { type: 'savePdf', params: ({ event, context }) => ({ pdf: event.output, quote: context.picked! }) } },
            onError: showErrorIn('idle'),
          },
        },
        requesting: {
          description: 'The Request quote dialog.',
          meta: { requirements: ['I49.quote.request'] },
          initial: 'editing',
          on: { 'dialog.close': { target: 'idle', actions: 'clearError' } },
          states: {
            editing: {
              description: "Plan, seats, the company form with the country list, the PO number, and 'Request quote'; a failure above the form or beside the tax ID.",
              on: {
                'request.submit': {
                  guard: { type: 'validRequest', params: ({ event }) => ({ request: invoiceOrderOf(event.draft, event.priceId, event.quantity) }) },
                  target: 'sending',
                  actions: { type: 'keepRequest', params: ({ event }) => ({ request: invoiceOrderOf(event.draft, event.priceId, event.quantity)! }) },
                },
              },
            },
            sending: {
              description: "'Request quote' shows progress and cannot be pressed again; the typed values stay.",
              meta: { requirements: ['I49.quote.once'] },
              on: { 'dialog.close': {} },
              invoke: {
                id: 'requestQuote',
                src: 'requestQuote',
                input: ({ context }) => context.request!,
                onDone: { target: '#quotes.listed.idle', actions: { type: 'addQuote', params: ({ event }) => ({ quote: event.output }) } },
                onError: [
                  {
                    guard: { type: 'refusedTaxId', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: { type: 'showTaxIdError', params: ({ event }) => ({ message: (event.error as TaxIdRefusal).message }) },
                  },
                  showErrorIn('editing'),
                ],
              },
            },
          },
        },
        accepting: {
          description: 'The Accept quote dialog.',
          initial: 'confirming',
          on: { 'dialog.close': { target: 'idle', actions: 'clearError' } },
          states: {
            confirming: {
              description: "What accepting starts (the plan, seats, total, 30 days to pay), and 'Accept quote'; a refusal (expired, accepted already) above it.",
              on: { 'accept.confirm': { target: 'sending', actions: 'clearError' } },
            },
            sending: {
              description: "'Accept quote' shows progress and cannot be pressed again.",
              meta: { requirements: ['I49.quote.accept', 'I49.quote.refused'] },
              on: { 'dialog.close': {} },
              invoke: {
                id: 'acceptQuote',
                src: 'acceptQuote',
                input: ({ context }) => ({ quoteId: context.picked!.id }),
                onDone: {
                  target: 'accepted',
                  actions: [
                    { type: 'markAccepted', params: ({ event }) => ({ order: event.output }) },
                    { type: 'tellSession', params: ({ event }) => ({ order: event.output }) },
                  ],
                },
                onError: showErrorIn('confirming'),
              },
            },
            accepted: { description: "'Awaiting payment': the invoice's number, total, due date and PDF; the quote listed as accepted." },
          },
        },
      },
    },
  },
})
