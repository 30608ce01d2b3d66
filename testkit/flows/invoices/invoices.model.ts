/** Model of the invoices and company machine for generated paths: tests, the path catalogue and coverage. */
import type { CompanyDetails, Invoice } from '@/common/billing-contract'
import type { CompanyDraft } from '@/common/company-draft'
import { invoicesMachine } from '@/machines/invoices.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

export const paidInvoice: Invoice = {
  id: 'in_paid',
  number: 'CARA0001-0001',
  date: '2026-03-01T12:00:00.000Z',
  total: 149_500,
  currency: 'usd',
  status: 'paid',
  pdfUrl: 'https://localhost:5173/sandbox/invoices/in_paid/pdf',
}
export const noCompany: CompanyDetails = { legalName: 'Cara Commercial', address: { line1: '', line2: '', city: '', postalCode: '', state: '', country: '' }, taxId: null }
export const fabrikam: CompanyDetails = {
  legalName: 'Fabrikam GmbH',
  address: { line1: 'Hauptstraße 1', line2: '', city: 'München', postalCode: '80331', state: '', country: 'DE' },
  taxId: { type: 'eu_vat', value: 'DE123456789' },
}

/** What the owner types: Fabrikam's details; or a form without its city, which the contract refuses before sending. */
export const fabrikamDraft: CompanyDraft = {
  legalName: 'Fabrikam GmbH',
  line1: 'Hauptstraße 1',
  line2: '',
  city: 'München',
  postalCode: '80331',
  state: '',
  country: 'DE',
  taxIdType: 'eu_vat',
  taxIdValue: 'DE123456789',
}
export const cityless: CompanyDraft = { ...fabrikamDraft, city: ' ' }

export const offline = 'There was a problem connecting to the server. Please try again.'
export const conflict = 'There was a conflict with your request. The item may have been modified by another user.'
export const taxIdWords = 'This is not a valid EU VAT number. Check it and try again (for example DE123456789).'
/** The API's 422 on the tax ID field, as the actor passes it on. */
export const taxIdRefused = Object.assign(new Error(taxIdWords), { field: 'taxId' as const })

export const fixtures: ActorFixtures<typeof invoicesMachine> = {
  loadPapers: { done: [{ invoices: [paidInvoice], company: noCompany }], error: [new Error(offline)] },
  saveCompany: { done: [fabrikam], error: [new Error(conflict), taxIdRefused] },
}

export const invoicesModel: PathPlan<typeof invoicesMachine> = {
  name: 'invoices',
  machine: invoicesMachine,
  actors: Object.keys(fixtures),
  events: [{ type: 'papers.reload' }, { type: 'company.save', draft: fabrikamDraft }, { type: 'company.save', draft: cityless }, { type: 'notice.dismiss' }, ...actorEvents(fixtures)],
  // What the user can tell apart: where it stands, the details shown, and the notices.
  serialize: (snapshot) => ({
    value: snapshot.value,
    company: snapshot.context.company?.legalName ?? null,
    error: snapshot.context.error,
    taxIdError: snapshot.context.taxIdError,
    saved: snapshot.context.saved,
  }),
}
