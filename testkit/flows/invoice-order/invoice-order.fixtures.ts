/** The order by invoice's fixtures that other flows' kits share: apart from the model, so that they do not import the machine. */
import type { InvoiceOrder } from '@/common/billing-contract'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { account } from '@/testkit/flows/session/session.fixtures'

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

export const placedOrder: InvoiceOrder = {
  subscriptionId: 'sub_invoice_1',
  invoice: { number: 'NORA0001-0001', dueDate: '2027-03-31T00:00:00.000Z', total: 149_500, pdfUrl: 'https://localhost:5173/sandbox/invoices/in_1/pdf' },
  account: { ...account, allowedPriceId: 'commercial', hasStripeAccount: true },
}

export const conflictWords = 'There was a conflict with your request. The item may have been modified by another user.'
export const taxIdWords = 'This is not a valid EU VAT number. Check it and try again (for example DE123456789).'
/** The API's 422 on the tax ID field, as the actor passes it on. */
export const taxIdRefused = Object.assign(new Error(taxIdWords), { field: 'taxId' as const })
