import { companyLimits, taxIdTypes, type CompanyDetails } from '@/common/billing-contract'
import type { CompanyDraft } from '@/common/company-draft'

/**
 * Forms' field rules as the spec and issues state them, written here for the oracles rather than
 * taken from the contract's schemas their machines check with (decision 0054).
 */

/** Half of a surrogate pair, alone: PostgreSQL's text cannot hold it (nor the NUL character). */
const loneHalf = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** A text field trimmed; null when it is not text, is too long, holds what PostgreSQL cannot store, or is required and empty. */
export function fieldOf(typed: unknown, limit: number, required = false): string | null {
  if (typeof typed !== 'string') return null
  const value = typed.trim()
  return value.length > limit || value.includes('\u0000') || loneHalf.test(value) || (required && value === '') ? null : value
}

/**
 * The company details the form sends: every field trimmed; a legal name, a first address line and
 * a city required; a tax ID only with a type of the list, and then with a value. Null when the form
 * must say why instead. `countryOf` is the flow's own rule for the country (a two-letter code on Invoices and company, one of the list for an order).
 */
export function companyOf(typed: CompanyDraft, countryOf: (typed: string) => string | null): CompanyDetails | null {
  const legalName = fieldOf(typed.legalName, companyLimits.legalName, true)
  const address = {
    line1: fieldOf(typed.line1, companyLimits.line, true),
    line2: fieldOf(typed.line2, companyLimits.line),
    city: fieldOf(typed.city, companyLimits.city, true),
    postalCode: fieldOf(typed.postalCode, companyLimits.postalCode),
    state: fieldOf(typed.state, companyLimits.state),
    country: typeof typed.country === 'string' ? countryOf(typed.country) : null,
  }
  const type = taxIdTypes.find((listed) => listed.type === typed.taxIdType)?.type
  const taxValue = fieldOf(typed.taxIdValue, companyLimits.taxId, true)
  if (legalName === null || Object.values(address).includes(null)) return null
  if (typed.taxIdType && (!type || taxValue === null)) return null
  return { legalName, address: address as CompanyDetails['address'], taxId: type && taxValue !== null ? { type, value: taxValue } : null }
}
