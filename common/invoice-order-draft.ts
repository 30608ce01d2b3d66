import * as v from 'valibot'
import { invoiceOrderRequestSchema, type InvoiceOrderRequest } from './billing-contract'
import { detailsOf, type CompanyDraft } from './company-draft'
import type { PriceId } from './plans'

/** What the order-by-invoice form holds: the company's details as typed, and the PO number. */
export interface InvoiceOrderDraft extends CompanyDraft {
  poNumber: string
}

/** The draft's fields in the contract's shape (unchecked). */
export const orderOf = (draft: InvoiceOrderDraft, priceId: PriceId, quantity: number) => {
  const { poNumber, ...company } = draft
  return { priceId, quantity, company: detailsOf(company), poNumber }
}

/** The order a draft sends, or null when the contract refuses it; the machines have no valibot of their own. */
export function invoiceOrderOf(draft: InvoiceOrderDraft, priceId: PriceId, quantity: number): InvoiceOrderRequest | null {
  const parsed = v.safeParse(invoiceOrderRequestSchema, orderOf(draft, priceId, quantity))
  return parsed.success ? parsed.output : null
}
