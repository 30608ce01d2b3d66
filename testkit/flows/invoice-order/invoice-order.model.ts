/** Model of the order-by-invoice machine for generated paths: tests, the path catalogue and coverage. */
import type { InvoiceOrder } from '@/common/billing-contract'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { account } from '@/testkit/flows/session/session.model'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** What the buyer types: Northwind's details and PO-4711. */
export const northwindDraft: InvoiceOrderDraft = {
  legalName: 'Northwind Traders Inc.',
  line1: '1 Harbor Way',
  line2: '',
  city: 'Seattle',
  postalCode: '98101',
  state: 'WA',
  country: 'US',
  taxIdType: '',
  taxIdValue: '',
  poNumber: 'PO-4711',
}
/** A PO number over the 140 characters an invoice's custom field takes: the contract refuses it before sending. */
export const longPoDraft: InvoiceOrderDraft = { ...northwindDraft, poNumber: 'P'.repeat(141) }

/** The plan and seats the purchase page opens the dialog for. */
export const opened = { type: 'dialog.open', priceId: 'commercial', quantity: 5 } as const

export const placedOrder: InvoiceOrder = {
  subscriptionId: 'sub_invoice_1',
  invoice: { number: 'NORA0001-0001', dueDate: '2027-03-31T00:00:00.000Z', total: 149_500, pdfUrl: 'https://localhost:5173/sandbox/invoices/in_1/pdf' },
  account: { ...account, allowedPriceId: 'commercial', hasStripeAccount: true },
}

export const conflictWords = 'There was a conflict with your request. The item may have been modified by another user.'
export const taxIdWords = 'This is not a valid EU VAT number. Check it and try again (for example DE123456789).'
/** The API's 422 on the tax ID field, as the actor passes it on. */
export const taxIdRefused = Object.assign(new Error(taxIdWords), { field: 'taxId' as const })

export const fixtures: ActorFixtures<typeof invoiceOrderMachine> = {
  payByInvoice: { done: [placedOrder], error: [new Error(conflictWords), taxIdRefused] },
}

export const invoiceOrderModel: PathPlan<typeof invoiceOrderMachine> = {
  name: 'invoice-order',
  machine: invoiceOrderMachine,
  actors: Object.keys(fixtures),
  addressees: ['session'],
  inputs: [{}],
  events: [opened, { type: 'dialog.close' }, { type: 'order.submit', draft: northwindDraft }, { type: 'order.submit', draft: longPoDraft }, ...actorEvents(fixtures)],
  // What the buyer can tell apart: where it stands, the order shown, and the notices.
  serialize: (snapshot) => ({ value: snapshot.value, order: snapshot.context.order?.invoice.number ?? null, error: snapshot.context.error, taxIdError: snapshot.context.taxIdError }),
}
