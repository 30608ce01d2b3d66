import { assign, enqueueActions, setup } from 'xstate'
import type { InvoiceOrder, InvoiceOrderRequest } from '../common/billing-contract'
import type { Account } from '../common/contract'
import { invoiceOrderOf, type InvoiceOrderDraft } from '../common/invoice-order-draft'
import type { PriceId } from '../common/plans'
import type { Addressee } from './addressee'
import { showErrorIn } from './error-message'
import { notProvided } from './not-provided'
import { isTaxIdRefusal, type TaxIdRefusal } from './tax-id-refusal'

/** The session, told of the account as the order left it (its license type and billing): the sidebar follows. */
type SessionAddressee = Addressee<{ type: 'account.changed'; account: Account }>

interface InvoiceOrderContext {
  priceId: PriceId | null
  quantity: number
  request: InvoiceOrderRequest | null
  order: InvoiceOrder | null
  error: string | null
  taxIdError: string | null
  session?: SessionAddressee
}

/**
 * Paying by bank transfer against an invoice (issue 49): a dialog of the purchase page, opened for
 * the plan and seats chosen there, asks for the company details the invoice is made out to and a PO
 * number; the order is sent as the contract accepts it, once; the answer says the seats await
 * payment until the invoice's due date, with the invoice's PDF. A tax ID the provider refuses is
 * said beside it, any other failure above the form, the typed values kept.
 */
export const invoiceOrderMachine = setup({
  types: {
    context: {} as InvoiceOrderContext,
    input: {} as { session?: SessionAddressee },
    events: {} as { type: 'dialog.open'; priceId: PriceId; quantity: number } | { type: 'dialog.close' } | { type: 'order.submit'; draft: InvoiceOrderDraft },
  },
  actors: {
    payByInvoice: notProvided<InvoiceOrder, InvoiceOrderRequest>('payByInvoice'),
  },
  actions: {
    openFor: assign((_, params: { priceId: PriceId; quantity: number }) => ({ ...params, request: null, order: null, error: null, taxIdError: null })),
    keepRequest: assign({ request: ({ context }, params: { draft: InvoiceOrderDraft }) => invoiceOrderOf(params.draft, context.priceId!, context.quantity), error: null, taxIdError: null }),
    // The request is held while it is out: a failure forgets it (the form keeps what was typed).
    showError: assign({ error: (_, params: { message: string }) => params.message, request: null }),
    showTaxIdError: assign({ taxIdError: (_, params: { message: string }) => params.message, request: null }),
    keepOrder: assign({ order: (_, params: { order: InvoiceOrder }) => params.order, request: null }),
    tellSession: enqueueActions(({ context, enqueue }, params: { order: InvoiceOrder }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'account.changed', account: params.order.account })
    }),
  },
  guards: {
    // The contract's own check before the order is sent (the form says what is missing or too long).
    validDraft: ({ context }, params: { draft: InvoiceOrderDraft }) => invoiceOrderOf(params.draft, context.priceId!, context.quantity) !== null,
    refusedTaxId: (_, params: { error: unknown }) => isTaxIdRefusal(params.error),
  },
}).createMachine({
  id: 'invoiceOrder',
  context: ({ input }) => ({ priceId: null, quantity: 1, request: null, order: null, error: null, taxIdError: null, session: input.session }),
  initial: 'closed',
  states: {
    closed: {
      description: "The purchase page's 'Pay by bank transfer (invoice)' button.",
      on: { 'dialog.open': { target: 'editing', actions: { type: 'openFor', params: ({ event }) => ({ priceId: event.priceId, quantity: event.quantity }) } } },
    },
    editing: {
      description: "The dialog: the plan, seats and total, the company form with the country list and the PO number, and 'Pay by invoice'; a failure above the form or beside the tax ID.",
      on: {
        'order.submit': {
          guard: { type: 'validDraft', params: ({ event }) => ({ draft: event.draft }) },
          target: 'ordering',
          actions: { type: 'keepRequest', params: ({ event }) => ({ draft: event.draft }) },
        },
        'dialog.close': 'closed',
      },
    },
    ordering: {
      description: "'Pay by invoice' shows progress and cannot be pressed again; the typed values stay.",
      invoke: {
        id: 'payByInvoice',
        src: 'payByInvoice',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'ordered',
          actions: [
            { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'tellSession', params: ({ event }) => ({ order: event.output }) },
          ],
        },
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
    ordered: {
      description: "'Awaiting payment': the invoice's number, total and due date, its PDF, and Manage Licenses, where the seats can be assigned now.",
      on: { 'dialog.close': 'closed' },
    },
  },
})
