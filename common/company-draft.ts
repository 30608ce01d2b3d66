import * as v from 'valibot'
import { companyDetailsSchema, type CompanyDetails, type TaxIdType } from './billing-contract'

/** What the company form holds: the typed fields, flat, before the contract has checked them; no tax ID type means none. */
export interface CompanyDraft {
  legalName: string
  line1: string
  line2: string
  city: string
  postalCode: string
  state: string
  country: string
  taxIdType: TaxIdType | ''
  taxIdValue: string
}

/** The details a draft sends, or null when the contract refuses them; the machines have no valibot of their own. */
export function companyRequestOf(draft: CompanyDraft): CompanyDetails | null {
  const parsed = v.safeParse(companyDetailsSchema, detailsOf(draft))
  return parsed.success ? parsed.output : null
}

/** The draft's fields in the contract's shape (unchecked). */
export function detailsOf(draft: CompanyDraft) {
  const { legalName, taxIdType, taxIdValue, ...address } = draft
  return { legalName, address, taxId: taxIdType ? { type: taxIdType, value: taxIdValue } : null }
}

/** The form's starting values: what is saved. */
export function draftOf(details: CompanyDetails): CompanyDraft {
  return { legalName: details.legalName, ...details.address, taxIdType: details.taxId?.type ?? '', taxIdValue: details.taxId?.value ?? '' }
}
