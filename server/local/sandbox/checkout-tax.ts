import type Stripe from 'stripe'
import { nowFor } from './billing'
import type { Ctx } from './context'
import { taxId as buildTaxId } from './objects/tax-ids'
import { errors, read, type Params } from './protocol'
import { insert, list, save } from './store'
import { checkTaxId } from './tax-id-formats'
import { taxFor, taxRates, type TaxFor } from './tax-rates'

/**
 * Tax in the hosted checkout, as Stripe's does it with `automatic_tax` and `tax_id_collection`: the
 * page asks for the billing address (and, for a business, its tax ID), shows the tax and the total
 * before paying, and on payment saves them on the customer (`customer_update`), where the
 * subscription's invoices read them: the totals shown are the invoice's.
 */

export interface CheckoutTaxParams {
  automaticTax: boolean
  taxIdCollection: boolean
  billingAddressCollection: 'auto' | 'required' | null
}

/** The session's tax parameters; Stripe's refusal when an existing customer's details could not be updated. */
export function readCheckoutTax(params: Params): CheckoutTaxParams {
  const automaticTax = read.boolean(read.object(params, 'automatic_tax') ?? {}, 'enabled') ?? false
  const taxIdCollection = read.boolean(read.object(params, 'tax_id_collection') ?? {}, 'enabled') ?? false
  const update = read.object(params, 'customer_update') ?? {}
  if (automaticTax && read.string(update, 'address') !== 'auto')
    throw errors.request(
      'Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set `customer_update[address]` to `auto` to save the address entered in Checkout.',
      { param: 'automatic_tax[enabled]' },
    )
  if (taxIdCollection && read.string(update, 'name') !== 'auto')
    throw errors.request('tax_id_collection requires updating business name on the customer. To enable tax ID collection for an existing customer, please set `customer_update[name]` to `auto`.', {
      param: 'tax_id_collection[enabled]',
    })
  return { automaticTax, taxIdCollection, billingAddressCollection: read.oneOf(params, 'billing_address_collection', ['auto', 'required'] as const) ?? null }
}

/** What the page's billing fields hold. */
export interface BillingForm {
  country: string
  line1: string
  postalCode: string
  city: string
  businessName: string
  taxId: string
}

export const billingFormOf = (form: Record<string, unknown>): BillingForm => {
  const text = (name: string) => String(form[name] ?? '').trim()
  return { country: text('country').toUpperCase(), line1: text('line1'), postalCode: text('postal_code'), city: text('city'), businessName: text('business_name'), taxId: text('tax_id') }
}

/** The tax ID type a business of that country enters (Stripe's hosted checkout offers the country's own). */
export const taxIdTypeFor = (country: string) =>
  ({ GB: 'gb_vat', CH: 'ch_vat', NO: 'no_vat', AU: 'au_abn', CA: 'ca_bn', US: 'us_ein', IN: 'in_gst', JP: 'jp_cn' })[country] ?? (taxRates[country] !== undefined ? 'eu_vat' : null)

/** The countries the page offers: those with a rate, and the United States. */
export const billingCountries = [...Object.keys(taxRates), 'US'].sort()

export type BillingCheck = { ok: true; taxId: { type: string; value: string } | null } | { ok: false; field: 'country' | 'tax_id'; message: string }

export function checkBilling(billing: BillingForm): BillingCheck {
  if (!billingCountries.includes(billing.country)) return { ok: false, field: 'country', message: 'Choose your country.' }
  if (!billing.taxId) return { ok: true, taxId: null }
  const type = taxIdTypeFor(billing.country)
  const checked = type ? checkTaxId(type, billing.taxId) : { ok: false as const }
  if (!type || !checked.ok) return { ok: false, field: 'tax_id', message: 'Your tax ID is invalid.' }
  return { ok: true, taxId: { type, value: checked.value } }
}

/** The tax the order would bear with these details: what the page shows before paying. */
export function quote(subtotal: number, billing: BillingForm): TaxFor | null {
  const checked = checkBilling(billing)
  if (!checked.ok) return null
  return taxFor(billing.country, checked.taxId ? [checked.taxId] : [], subtotal)
}

/** On payment: the address, business name and tax ID saved on the customer (customer_update auto), and the session's customer_details. */
export async function saveBilling(ctx: Ctx, session: Stripe.Checkout.Session, customer: Stripe.Customer, billing: BillingForm, taxId: { type: string; value: string } | null) {
  customer.address = { line1: billing.line1 || null, line2: null, city: billing.city || null, postal_code: billing.postalCode || null, state: null, country: billing.country }
  if (billing.businessName) customer.name = billing.businessName
  await save(ctx.q, customer)
  const existing = await list<Stripe.TaxId>(ctx.q, 'tax_id', { customer: customer.id }, { limit: 100 }, '')
  if (taxId && !existing.data.some((id) => id.type === taxId.type && id.value === taxId.value)) {
    const checked = checkTaxId(taxId.type, taxId.value)
    const made = buildTaxId({
      customer: customer.id,
      created: await nowFor(ctx.q, customer),
      type: taxId.type,
      value: taxId.value,
      country: billing.country,
      verification: checked.ok ? checked.verification : null,
    })
    await insert(ctx.q, made, { customer: customer.id })
  }
  session.customer_details = {
    address: customer.address,
    business_name: billing.businessName || null,
    email: customer.email,
    individual_name: null,
    name: customer.name ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: taxId ? [{ type: taxId.type as Stripe.Checkout.Session.CustomerDetails.TaxId.Type, value: taxId.value }] : [],
  }
}
