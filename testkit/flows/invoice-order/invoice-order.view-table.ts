/** What the purchase page's order by invoice shows in each state of its machine, written from the rules. */
import type { EventObject } from 'xstate'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import type { InvoiceOrderHeld } from './invoice-order.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'
import { companyFieldLabels } from '@/testkit/flows/invoices/invoices.view-table'

const open = 'Pay by bank transfer (invoice)'
const pay = 'Pay by invoice'
/** The five Commercial seats the page opens it for: the terms the dialog states. */
const terms = 'Commercial for 5 developers: $1,495.00 per year, invoiced now and payable by bank transfer within 30 days.'
const awaiting = ['Awaiting payment', 'Invoice NORA0001-0001 for $1,495.00 is due by March 31, 2027.', 'Download invoice NORA0001-0001 (PDF)']

type TypedField = Exclude<keyof InvoiceOrderDraft, 'taxIdType' | 'country'>
/** The form's text fields by the labels the buyer reads (the company's as on Invoices and company, the country a list): the tour and the component test type into them. */
const { country: _listed, ...companyText } = companyFieldLabels
export const orderFieldLabels: Readonly<Record<TypedField, string>> = { ...companyText, poNumber: 'PO number' }
const blank = Object.fromEntries(Object.values(orderFieldLabels).map((label) => [label, '']))

/** The form starts blank at each opening, and then holds the last draft sent since (a refused one too). */
export function orderForm(sent: readonly EventObject[], events = { open: 'dialog.open', submit: 'order.submit' }) {
  const opened = sent.map((event) => event.type).lastIndexOf(events.open)
  const typed = sent.slice(opened + 1).filter((event): event is EventObject & { draft: InvoiceOrderDraft } => event.type === events.submit)
  const last = typed.at(-1)?.draft
  return last ? Object.fromEntries(Object.entries(orderFieldLabels).map(([field, label]) => [label, last[field as TypedField]])) : blank
}

function editing(sent: readonly EventObject[], { error, taxIdError }: InvoiceOrderHeld, ordering: boolean): StateView {
  return {
    dialogs: [open],
    shows: [terms, ...(taxIdError ? [taxIdError] : [])],
    hides: awaiting,
    fields: orderForm(sent),
    // One order at a time: while it is out, the button shows progress and the dialog cannot be left.
    ...(ordering ? { disabled: [pay, 'Cancel'] } : { enabled: [pay, 'Cancel'] }),
    alerts: error ? [error] : [],
  }
}

export const invoiceOrderViewTable: ViewTable<InvoiceOrderHeld> = {
  'invoiceOrder.closed': { dialogs: [], enabled: [open], absent: [pay], hides: awaiting, alerts: [] },
  'invoiceOrder.editing': (sent, held) => editing(sent, held, false),
  'invoiceOrder.ordering': (sent, held) => editing(sent, held, true),
  'invoiceOrder.ordered': { dialogs: [open], shows: [...awaiting, 'Manage Licenses'], absent: [pay], enabled: ['Done'], alerts: [] },
}
