/** What the invoices and company page shows in each state of the invoices machine, written from the page's rules. */
import type { EventObject } from 'xstate'
import type { CompanyDetails } from '@/common/billing-contract'
import type { CompanyDraft } from '@/common/company-draft'
import type { InvoicesHeld } from './invoices.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

const save = 'Save company details'
/** The paid invoice's row: number, date, total, status, and its PDF link. */
const invoiceTexts = ['CARA0001-0001', 'March 1, 2026', '$1,495.00', 'Paid']

type TypedField = Exclude<keyof CompanyDraft, 'taxIdType'>
/** The company form's text fields by the labels the owner reads: the tour and the component test type into them. */
export const companyFieldLabels: Readonly<Record<TypedField, string>> = {
  legalName: 'Legal name',
  line1: 'Address',
  line2: 'Address line 2',
  postalCode: 'Postal code',
  city: 'City',
  state: 'State or region',
  country: 'Country',
  taxIdValue: 'Tax ID',
}
const fieldsOf = (draft: Omit<CompanyDraft, 'taxIdType'>) => Object.fromEntries(Object.entries(companyFieldLabels).map(([field, label]) => [label, draft[field as TypedField]]))
const savedFields = (company: CompanyDetails) => fieldsOf({ legalName: company.legalName, ...company.address, taxIdValue: company.taxId?.value ?? '' })

/**
 * The form is filled from what is saved each time the page loads or a save succeeds, and then holds
 * what was typed: the last draft sent since (a refused one too), else the saved details.
 */
function form(sent: readonly EventObject[], held: InvoicesHeld) {
  const types = sent.map((event) => event.type)
  const loaded = Math.max(types.lastIndexOf('xstate.done.actor.loadPapers'), types.lastIndexOf('xstate.done.actor.saveCompany'))
  const typed = sent.slice(loaded + 1).filter((event): event is EventObject & { draft: CompanyDraft } => event.type === 'company.save')
  const last = typed.at(-1)
  return last ? fieldsOf(last.draft) : savedFields(held.company!)
}

function notices({ error, saved, taxIdError }: InvoicesHeld): StateView {
  return {
    alerts: error ? [`Your company details were not saved${error}`] : [],
    shows: [...(saved ? ['Company details saved'] : []), ...(taxIdError ? [taxIdError] : [])],
    hides: [...(saved ? [] : ['Company details saved'])],
  }
}

export const invoicesViewTable: ViewTable<InvoicesHeld> = {
  'invoices.loading': { shows: ['Invoices and company'], hides: [...invoiceTexts], absent: [save, 'Try again'], alerts: [] },
  'invoices.failed': (_, { error }) => ({ alerts: [`Your invoices and company details could not be loaded${error}Try again`], enabled: ['Try again'], absent: [save], hides: [...invoiceTexts] }),
  'invoices.editing': (sent, held) => {
    const notice = notices(held)
    return { ...notice, shows: ['Invoices', 'Company details', ...invoiceTexts, ...notice.shows!], fields: form(sent, held), enabled: [save], absent: ['Try again'] }
  },
  // One save at a time: the button shows progress, and the typed values stay.
  'invoices.saving': (sent, held) => ({ shows: [...invoiceTexts], hides: ['Company details saved'], fields: form(sent, held), disabled: [save], absent: ['Try again', 'Dismiss'], alerts: [] }),
}
