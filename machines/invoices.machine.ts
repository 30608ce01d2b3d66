import { assign, setup } from 'xstate'
import type { CompanyDetails, Invoice } from '../common/billing-contract'
import { companyRequestOf, type CompanyDraft } from '../common/company-draft'
import { showErrorIn } from './error-message'
import { notProvided } from './not-provided'

/** What the invoices page loads at once: the invoices and the company details. */
export interface BillingPapers {
  invoices: Invoice[]
  company: CompanyDetails
}

/** A refusal of one field (the tax ID the payment provider finds malformed), said beside it. */
export interface FieldRefusal {
  field: 'taxId'
  message: string
}
const isFieldRefusal = (error: unknown): error is FieldRefusal => typeof error === 'object' && error !== null && (error as FieldRefusal).field === 'taxId'

/**
 * Invoices and company (issue 31): the owner's invoices with their PDFs, and the company details
 * the next invoice carries. The page loads both; the details are saved as the contract accepts
 * them; a tax ID the provider refuses is said beside its field, any other failure above the form.
 */
export const invoicesMachine = setup({
  types: {
    context: {} as { invoices: Invoice[]; company: CompanyDetails | null; request: CompanyDetails | null; error: string | null; taxIdError: string | null; saved: boolean },
    events: {} as { type: 'papers.reload' } | { type: 'company.save'; draft: CompanyDraft } | { type: 'notice.dismiss' },
  },
  actors: {
    loadPapers: notProvided<BillingPapers>('loadPapers'),
    saveCompany: notProvided<CompanyDetails, CompanyDetails>('saveCompany'),
  },
  actions: {
    keepPapers: assign({ invoices: (_, params: { papers: BillingPapers }) => params.papers.invoices, company: (_, params: { papers: BillingPapers }) => params.papers.company, error: null }),
    keepRequest: assign({ request: (_, params: { draft: CompanyDraft }) => companyRequestOf(params.draft) }),
    keepSaved: assign({ company: (_, params: { company: CompanyDetails }) => params.company, request: null, saved: true, error: null, taxIdError: null }),
    // The request is held while it is out: a failure forgets it (the form keeps what was typed).
    showError: assign({ error: (_, params: { message: string }) => params.message, request: null, saved: false }),
    showTaxIdError: assign({ taxIdError: (_, params: { message: string }) => params.message, request: null, saved: false }),
    clearNotice: assign({ error: null, taxIdError: null, saved: false }),
  },
  guards: {
    // The contract's own check before the request is sent (the form says what is missing).
    validDraft: (_, params: { draft: CompanyDraft }) => companyRequestOf(params.draft) !== null,
    refusedTaxId: (_, params: { error: unknown }) => isFieldRefusal(params.error),
  },
}).createMachine({
  id: 'invoices',
  context: { invoices: [], company: null, request: null, error: null, taxIdError: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      description: "'Invoices and company' with placeholders while the invoices and the company details load.",
      invoke: {
        id: 'loadPapers',
        src: 'loadPapers',
        onDone: { target: 'editing', actions: { type: 'keepPapers', params: ({ event }) => ({ papers: event.output }) } },
        onError: showErrorIn('failed'),
      },
    },
    failed: { description: 'The error message with Try again.', on: { 'papers.reload': { target: 'loading', actions: 'clearNotice' } } },
    editing: {
      description: "The invoices (number, date, total, status, PDF) and the company form with 'Save company details'; after saving, a confirmation, or the error above the form or beside the tax ID.",
      on: {
        'company.save': {
          guard: { type: 'validDraft', params: ({ event }) => ({ draft: event.draft }) },
          target: 'saving',
          actions: ['clearNotice', { type: 'keepRequest', params: ({ event }) => ({ draft: event.draft }) }],
        },
        'notice.dismiss': { actions: 'clearNotice' },
      },
    },
    saving: {
      description: "'Save company details' shows progress and cannot be pressed again; the typed values stay.",
      invoke: {
        id: 'saveCompany',
        src: 'saveCompany',
        input: ({ context }) => context.request!,
        onDone: { target: 'editing', actions: { type: 'keepSaved', params: ({ event }) => ({ company: event.output }) } },
        onError: [
          {
            guard: { type: 'refusedTaxId', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showTaxIdError', params: ({ event }) => ({ message: (event.error as FieldRefusal).message }) },
          },
          showErrorIn('editing'),
        ],
      },
    },
  },
})
