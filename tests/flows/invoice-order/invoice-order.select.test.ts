import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { selectInvoiceOrder } from '@/src/features/purchase/invoice-order.select'
import { placedOrder } from '@/testkit/flows/invoice-order/invoice-order.model'
import { selectedIn } from '@/testkit/selected-in'

type Context = SnapshotFrom<typeof invoiceOrderMachine>['context']
const context: Context = { priceId: 'commercial', quantity: 5, request: null, order: placedOrder, error: null, taxIdError: null }
const dialogIn = selectedIn(invoiceOrderMachine, selectInvoiceOrder, context)

/** The order-by-invoice dialog in each state: its terms, and the invoice only once ordered. */
describe('the order by invoice, state by state', () => {
  it('states the terms for one developer or several, and none before a plan is chosen', () => {
    expect(dialogIn('editing', { quantity: 1 }).terms).toBe('Commercial for 1 developer: $299.00 per year, invoiced now and payable by bank transfer within 30 days.')
    expect(dialogIn('editing').terms).toMatch(/^Commercial for 5 developers: \$1,495\.00 per year/)
    expect(dialogIn('closed', { priceId: null, order: null })).toMatchObject({ opened: false, terms: '' })
  })

  it('shows the invoice only in its own state', () => {
    expect(dialogIn('ordered').ordered).not.toBeNull()
    expect(dialogIn('editing').ordered).toBeNull()
  })
})
