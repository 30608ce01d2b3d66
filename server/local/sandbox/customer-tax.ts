import type Stripe from 'stripe'
import type { Queryable } from '@/server/db/database'
import type { InvoiceLineInput } from './objects/invoices'
import { list } from './store'
import { taxFor, totalTax } from './tax-rates'

/** What a customer's tax details put on their invoices. */

/** The customer's tax IDs as an invoice copies them when it is finalised (`customer_tax_ids`), oldest first. */
export async function invoiceTaxIds(q: Queryable, customerId: string): Promise<Stripe.Invoice.CustomerTaxId[]> {
  const ids = await list<Stripe.TaxId>(q, 'tax_id', { customer: customerId }, { limit: 100 }, '')
  return ids.data.reverse().map((id) => ({ type: id.type as Stripe.Invoice.CustomerTaxId.Type, value: id.value }))
}

/** Automatic tax on an invoice's lines, from the customer's address and tax IDs (none without a country). */
export function invoiceTax(customer: Stripe.Customer, taxIds: readonly Stripe.Invoice.CustomerTaxId[], lines: readonly InvoiceLineInput[]): Stripe.Invoice.TotalTax | null {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
  const tax = taxFor(customer.address?.country, taxIds, subtotal)
  return tax && totalTax(tax, subtotal)
}
