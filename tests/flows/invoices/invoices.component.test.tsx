// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CompanyDraft } from '@/common/company-draft'
import { ApiError } from '@/src/api/errors'
import { InvoicesPage } from '@/src/features/invoices/components/InvoicesPage'
import { planPaths } from '@/testkit/model/paths'
import { fabrikam, fabrikamDraft, invoicesModel, noCompany, paidInvoice } from '@/testkit/flows/invoices/invoices.model'
import { account } from '@/testkit/flows/session/session.model'
import { invoicesOracle } from '@/testkit/flows/invoices/invoices.oracle'
import { openOnPendingApi, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'
import { companyFieldLabels, invoicesViewTable } from '@/testkit/flows/invoices/invoices.view-table'

const plan = planPaths(invoicesModel)
/** Types the draft into the form, as the owner would, and presses Save. */
function type(draft: CompanyDraft) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Tax ID type' }), { target: { value: draft.taxIdType } })
  for (const [field, label] of Object.entries(companyFieldLabels))
    fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value: draft[field as keyof typeof companyFieldLabels] } })
  fireEvent.click(screen.getByRole('button', { name: 'Save company details' }))
}

const act = pressing(
  { 'papers.reload': 'Try again' },
  {
    'company.save': (event) => type(event.draft as CompanyDraft),
    'notice.dismiss': () => {
      // Nothing to dismiss is nothing to press.
      const dismiss = screen.queryByRole('button', { name: 'Dismiss' })
      return dismiss && fireEvent.click(dismiss)
    },
  },
)

/** The load is two calls at once; a refused tax ID is the API's 422 naming the field. */
async function settle(pending: PendingApi, event: { type: string; output?: unknown; error?: unknown }) {
  if (event.type === 'xstate.done.actor.loadPapers') {
    const { invoices, company } = event.output as { invoices: unknown; company: unknown }
    await pending.settle('invoices', { output: invoices })
    await pending.settle('companyDetails', { output: company })
    return true
  }
  if (event.type === 'xstate.error.actor.saveCompany' && (event.error as { field?: string }).field) {
    const body = JSON.stringify({ message: (event.error as Error).message, field: 'taxId' })
    await pending.settle('saveCompanyDetails', { error: new ApiError({ kind: 'http', status: 422, body }) })
    return true
  }
  return settleActorEvent(pending, { loadPapers: 'invoices', saveCompany: 'saveCompanyDetails' }, event)
}

const open = () => openOnPendingApi(() => <InvoicesPage />, { account, path: '/account/invoices' })

describe('the invoices and company page (component paths of the invoices machine)', () => {
  walkPaths(plan.paths, {
    table: invoicesViewTable,
    oracle: invoicesOracle,
    refuse: invoicesModel.events,
    start: open,
    step: async (event, pending) => {
      if (!(await settle(pending, event))) act(event)
    },
    end: (pending, sent) => {
      // One press of Save with a form the contract accepts sends one PUT of the details, nested and trimmed.
      const accepted = sent.filter((event) => event.type === 'company.save' && (event as unknown as { draft: CompanyDraft }).draft.city.trim() !== '')
      expect(pending.made('saveCompanyDetails')).toEqual(accepted.map(() => [fabrikam]))
    },
  })

  it('links each invoice to its PDF', async () => {
    const pending = open()
    await pending.settle('invoices', { output: [paidInvoice] })
    await pending.settle('companyDetails', { output: noCompany })
    const link = await screen.findByRole('link', { name: 'Download invoice CARA0001-0001 (PDF)' })
    expect(link.getAttribute('href')).toBe(paidInvoice.pdfUrl)
  })

  it('says beside each field what the contract refuses, and sends nothing', async () => {
    const pending = open()
    await pending.settle('invoices', { output: [] })
    await pending.settle('companyDetails', { output: noCompany })
    expect(await screen.findByText('No invoices yet.')).toBeTruthy()
    type({ ...fabrikamDraft, city: '', country: 'Germany'.slice(0, 2).toLowerCase() + '1' })
    expect(await screen.findByText('City is required')).toBeTruthy()
    expect(screen.getByText('Country must be a two-letter country code')).toBeTruthy()
    expect(pending.calls('saveCompanyDetails')).toHaveLength(0)
  })
})
