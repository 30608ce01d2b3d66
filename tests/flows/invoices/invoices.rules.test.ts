import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CompanyDetails } from '@/common/billing-contract'
import { invoicesMachine, type BillingPapers } from '@/machines/invoices.machine'
import { answersInTurn } from '@/testkit/answers'
import { cityless, conflict, fabrikam, fabrikamDraft, noCompany, offline, paidInvoice, taxIdRefused, taxIdWords } from '@/testkit/flows/invoices/invoices.model'
import { settle } from '@/testkit/settle'
import { expectTryAgainAfterFailure } from '@/tests/support/try-again'

/** Invoices and company: Try again, what 'Save company details' sends, where a failure is said, and Dismiss. */
const papers: BillingPapers = { invoices: [paidInvoice], company: noCompany }

function invoicesPage(loads: (BillingPapers | Error)[], saves: (CompanyDetails | Error)[] = []) {
  const load = answersInTurn<BillingPapers>(loads)
  const save = answersInTurn<CompanyDetails, CompanyDetails>(saves)
  const actor = createActor(invoicesMachine.provide({ actors: { loadPapers: load.logic, saveCompany: save.logic } })).start()
  const context = () => actor.getSnapshot().context
  return { actor, context, loads: load.asked, saved: save.asked }
}

/** Fabrikam's details as the company request: what the form sends for `fabrikamDraft`. */
const fabrikamRequest = {
  legalName: 'Fabrikam GmbH',
  address: { line1: 'Hauptstraße 1', line2: '', city: 'München', postalCode: '80331', state: '', country: 'DE' },
  taxId: { type: 'eu_vat', value: 'DE123456789' },
}

describe('Invoices and company', () => {
  it('loads the invoices and the company again on Try again after a failed load', async () => {
    const page = invoicesPage([new Error(offline), papers])
    await expectTryAgainAfterFailure(page, offline, 'papers.reload')
    expect(page.actor.getSnapshot().value).toBe('editing')
    expect(page.context().invoices).toEqual([paidInvoice])
    expect(page.context().error).toBeNull()
  })

  it('sends the company details typed, shows the saved ones, and Dismiss removes the confirmation', async () => {
    const page = invoicesPage([papers], [fabrikam])
    await settle()
    page.actor.send({ type: 'company.save', draft: fabrikamDraft })
    expect(page.actor.getSnapshot().value).toBe('saving')
    await settle()
    expect(page.saved).toEqual([fabrikamRequest])
    expect(page.actor.getSnapshot().value).toBe('editing')
    expect(page.context().company).toEqual(fabrikamRequest)
    expect(page.context().saved).toBe(true)
    page.actor.send({ type: 'notice.dismiss' })
    expect(page.context().saved).toBe(false)
  })

  it('sends nothing for a form the contract refuses (no city)', async () => {
    const page = invoicesPage([papers], [fabrikam])
    await settle()
    page.actor.send({ type: 'company.save', draft: cityless })
    await settle()
    expect(page.actor.getSnapshot().value).toBe('editing')
    expect(page.saved).toEqual([])
    expect(page.context().company).toEqual(noCompany)
  })

  it('says a refused tax ID beside its field and any other failure above the form, each until dismissed', async () => {
    const page = invoicesPage([papers], [taxIdRefused, new Error(conflict)])
    await settle()
    page.actor.send({ type: 'company.save', draft: fabrikamDraft })
    await settle()
    expect(page.actor.getSnapshot().value).toBe('editing')
    expect(page.context()).toMatchObject({ taxIdError: taxIdWords, error: null, saved: false, request: null })
    page.actor.send({ type: 'notice.dismiss' })
    expect(page.context().taxIdError).toBeNull()
    page.actor.send({ type: 'company.save', draft: fabrikamDraft })
    await settle()
    expect(page.context()).toMatchObject({ taxIdError: null, error: conflict, saved: false, request: null })
    page.actor.send({ type: 'notice.dismiss' })
    expect(page.context().error).toBeNull()
  })

  it.each([null, undefined])('takes a failure that carries nothing (%s) for no tax ID refusal: the form stays, nothing beside the tax ID', async (nothing) => {
    const saveCompany = fromPromise<CompanyDetails, CompanyDetails>(() => Promise.reject(nothing))
    const actor = createActor(invoicesMachine.provide({ actors: { loadPapers: answersInTurn<BillingPapers>([papers]).logic, saveCompany } })).start()
    await settle()
    actor.send({ type: 'company.save', draft: fabrikamDraft })
    await settle()
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.taxIdError).toBeNull()
    expect(actor.getSnapshot().context.saved).toBe(false)
  })
})
