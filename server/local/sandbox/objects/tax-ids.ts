import type Stripe from 'stripe'
import { newId } from './ids'

/** A customer's tax ID, typed with the SDK's types. */
export function taxId(input: { customer: string; created: number; type: string; value: string; country: string; verification: Stripe.TaxId.Verification.Status | null }): Stripe.TaxId {
  return {
    id: newId('txi'),
    object: 'tax_id',
    country: input.country,
    created: input.created,
    customer: input.customer,
    customer_account: null,
    livemode: false,
    owner: { customer: input.customer, customer_account: null, type: 'customer' },
    type: input.type as Stripe.TaxId.Type,
    value: input.value,
    verification: input.verification === null ? null : { status: input.verification, verified_address: null, verified_name: null },
  }
}
