import type Stripe from 'stripe'
import type { Queryable } from '../../db/database'
import { list } from './store'

/** What a customer's tax details put on their invoices. */

/** The customer's tax IDs as an invoice copies them when it is finalised (`customer_tax_ids`), oldest first. */
export async function invoiceTaxIds(q: Queryable, customerId: string): Promise<Stripe.Invoice.CustomerTaxId[]> {
  const ids = await list<Stripe.TaxId>(q, 'tax_id', { customer: customerId }, { limit: 100 }, '')
  return ids.data.reverse().map((id) => ({ type: id.type as Stripe.Invoice.CustomerTaxId.Type, value: id.value }))
}
