import type Stripe from 'stripe'
import { checkTaxId, euCountries } from './tax-id-formats'

/**
 * The sandbox's stand-in for Stripe Tax: one documented rate per country of the customer's
 * address (the standard VAT or GST rate, as of 2026), exclusive of the price; a business in the
 * EU or the UK with a valid VAT number pays none (reverse charge: it accounts for the VAT itself);
 * a country not listed is one where the seller does not collect (0%, not_collecting).
 */
export const taxRates: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
  GB: 20,
  CH: 8.1,
  NO: 25,
  AU: 10,
  NZ: 15,
  CA: 5,
  JP: 10,
  IN: 18,
}

export interface TaxFor {
  country: string | null
  /** In percent. */
  rate: number
  amount: number
  reason: Stripe.Invoice.TotalTax.TaxabilityReason
}

/** Whether the customer's tax IDs include a valid VAT number of the EU or UK (Stripe's verification: not `unverified`). */
function validVatNumber(taxIds: readonly { type: string; value: string | null }[]) {
  return taxIds.some((id) => {
    if (id.type !== 'eu_vat' && id.type !== 'gb_vat') return false
    const checked = checkTaxId(id.type, id.value ?? '')
    return checked.ok && checked.verification !== 'unverified'
  })
}

/** The tax on an amount for a customer with that country and those tax IDs; null without a country (Stripe needs a location). */
export function taxFor(country: string | null | undefined, taxIds: readonly { type: string; value: string | null }[], amount: number): TaxFor | null {
  if (!country) return null
  const vatArea = euCountries.includes(country) || country === 'GB'
  if (vatArea && validVatNumber(taxIds)) return { country, rate: 0, amount: 0, reason: 'reverse_charge' }
  const rate = taxRates[country]
  if (rate === undefined) return { country, rate: 0, amount: 0, reason: 'not_collecting' }
  return { country, rate, amount: Math.round((amount * rate) / 100), reason: 'standard_rated' }
}

/** The invoice's `total_taxes` entry for a tax. */
export function totalTax(tax: TaxFor, taxable: number): Stripe.Invoice.TotalTax {
  return { amount: tax.amount, tax_behavior: 'exclusive', tax_rate_details: null, taxability_reason: tax.reason, taxable_amount: taxable, type: 'tax_rate_details' }
}
