import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { invoicesMachine } from '@/machines/invoices.machine'
import { invoiceRow, selectInvoices } from '@/src/features/invoices/invoices.select'
import { fabrikam, offline, paidInvoice } from '@/testkit/flows/invoices/invoices.model'
import { selectedIn } from '@/testkit/selected-in'

type Context = SnapshotFrom<typeof invoicesMachine>['context']
const context: Context = { invoices: [paidInvoice], company: fabrikam, request: null, error: offline, taxIdError: null, saved: false }
const pageIn = selectedIn(invoicesMachine, selectInvoices, context)

/** The invoices page in each state: the form only once the papers are read, each error where it belongs. */
describe('the invoices page, state by state', () => {
  it('shows neither the form nor an error while the papers are read', () => {
    expect(pageIn('loading')).toMatchObject({ loading: true, loadError: null, shown: false, saving: false, error: null })
  })

  it('says why the papers could not be read, with no form, when they could not', () => {
    expect(pageIn('failed')).toMatchObject({ loading: false, loadError: offline, shown: false, error: null })
  })

  it('shows the form with its error while editing and saving', () => {
    expect(pageIn('editing')).toMatchObject({ shown: true, saving: false, loadError: null, error: offline })
    expect(pageIn('saving')).toMatchObject({ shown: true, saving: true, error: offline })
  })
})

describe("an invoice's row", () => {
  it("says the total in the invoice's currency, whatever case Stripe writes it in", () => {
    expect(invoiceRow(paidInvoice)).toMatchObject({ number: 'CARA0001-0001', date: 'March 1, 2026', total: '$1,495.00', status: 'Paid' })
    expect(invoiceRow({ ...paidInvoice, currency: 'EUR' }).total).toBe('€1,495.00')
  })
})
