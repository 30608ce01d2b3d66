import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { invoiceOrderModel, northwindDraft, opened } from '@/testkit/flows/invoice-order/invoice-order.model'
import { idleActors } from '@/tests/support/run-paths'

describe('invoice-order machine', () => {
  const editing = () => {
    const actor = createActor(invoiceOrderMachine.provide({ actors: idleActors(invoiceOrderModel.actors) } as never), { input: {} }).start()
    actor.send(opened)
    return actor
  }

  it('sends the order as the contract reads it: the plan and seats the page opened it for, the company nested, the text trimmed', () => {
    const actor = editing()
    actor.send({ type: 'order.submit', draft: { ...northwindDraft, legalName: '  Northwind Traders Inc. ', poNumber: ' PO-4711 ' } })
    expect(actor.getSnapshot().context.request).toEqual({
      priceId: 'commercial',
      quantity: 5,
      company: { legalName: 'Northwind Traders Inc.', address: { line1: '1 Harbor Way', line2: '', city: 'Seattle', postalCode: '98101', state: 'WA', country: 'US' }, taxId: null },
      poNumber: 'PO-4711',
    })
  })

  it('orders once: a second press while ordering is ignored, and the dialog cannot be closed meanwhile', () => {
    const actor = editing()
    actor.send({ type: 'order.submit', draft: northwindDraft })
    expect(actor.getSnapshot().can({ type: 'order.submit', draft: northwindDraft })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'dialog.close' })).toBe(false)
  })
})
