import type { EventObject } from 'xstate'
import type { CompanyDetails, Invoice } from '@/common/billing-contract'
import type { CompanyDraft } from '@/common/company-draft'
import { companyOf } from '@/testkit/form-rules'
import { answerOf, shownMessage, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the invoices and company page holds: the invoices, the saved details, the request sent, and the notices. */
export interface InvoicesHeld {
  invoices: Invoice[]
  company: CompanyDetails | null
  request: CompanyDetails | null
  error: string | null
  taxIdError: string | null
  saved: boolean
}

const m = 'invoices'
/** Where Invoices and company stands, in issue 31's words. */
const said = {
  loading: 'the invoices and company details loading',
  failed: 'the invoices and company details not loaded',
  shown: 'the invoices listed, the company details in their form',
  saving: 'the company details being saved',
} as const
/** The states of machines/invoices.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${m}.loading`,
  [said.failed]: `${m}.failed`,
  [said.shown]: `${m}.editing`,
  [said.saving]: `${m}.saving`,
} satisfies Relation
const awaitedIn = { loadPapers: said.loading, saveCompany: said.saving }
const quiet = { error: null, taxIdError: null, saved: false } satisfies Partial<InvoicesHeld>
/** The country as typed: two letters, whatever their case (the list comes with orders, issue 49). */
const twoLetters = (typed: string) => (/^[A-Z]{2}$/.test(typed.trim().toUpperCase()) ? typed.trim().toUpperCase() : null)

/**
 * Issue 31's Invoices and company: the invoices and the company details load together (a failure
 * shows its message with Try again); the details are sent only as the field rules accept them
 * (testkit/form-rules.ts: the address, and a tax ID only with its type), and held only while out; the
 * answer is what is shown after, with a confirmation; a refusal of the tax ID is said beside it, any other above the form.
 */
export const invoicesOracle: Oracle<void, InvoicesHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { invoices: [], company: null, request: null, ...quiet } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<InvoicesHeld> = {}): Expected<InvoicesHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.actor === 'loadPapers') {
        if (!answer.done) return to(said.failed, { error: shownMessage(answer.error), request: null, saved: false })
        const papers = answer.output as { invoices: Invoice[]; company: CompanyDetails }
        return to(said.shown, { invoices: papers.invoices, company: papers.company, error: null })
      }
      if (answer.done) return to(said.shown, { company: answer.output as CompanyDetails, request: null, ...quiet, saved: true })
      const field = (answer.error as { field?: string }).field
      return field === 'taxId'
        ? to(said.shown, { taxIdError: shownMessage(answer.error), request: null, saved: false })
        : to(said.shown, { error: shownMessage(answer.error), request: null, saved: false })
    }
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} papers.reload`:
        return to(said.loading, quiet)
      case `${said.shown} notice.dismiss`:
        return to(now.state, quiet)
      case `${said.shown} company.save`: {
        const request = companyOf((event as EventObject & { draft: CompanyDraft }).draft, twoLetters)
        return request ? to(said.saving, { ...quiet, request }) : now
      }
      default:
        return now
    }
  },
}
