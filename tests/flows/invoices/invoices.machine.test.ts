import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { invoicesMachine } from '@/machines/invoices.machine'
import { fabrikam, fabrikamDraft, invoicesModel, noCompany, paidInvoice } from '@/testkit/flows/invoices/invoices.model'
import { idleActors } from '@/tests/support/run-paths'

describe('invoices machine', () => {
  const ready = () => {
    const actor = createActor(invoicesMachine.provide({ actors: idleActors(invoicesModel.actors) } as never)).start()
    actor.send({ type: 'xstate.done.actor.loadPapers', output: { invoices: [paidInvoice], company: noCompany } } as never)
    return actor
  }

  it('sends the details as the contract reads them: the address nested, the tax ID with its type, the text trimmed', () => {
    const actor = ready()
    actor.send({ type: 'company.save', draft: { ...fabrikamDraft, legalName: '  Fabrikam GmbH ', country: 'de' } })
    expect(actor.getSnapshot().context.request).toEqual(fabrikam)
  })

  it('saves one at a time: a second save while saving is ignored', () => {
    const actor = ready()
    actor.send({ type: 'company.save', draft: fabrikamDraft })
    expect(actor.getSnapshot().can({ type: 'company.save', draft: fabrikamDraft })).toBe(false)
  })
})
