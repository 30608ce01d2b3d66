// @vitest-environment happy-dom
import { act as inAct, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { QuotesSection } from '@/src/features/invoices/components/QuotesSection'
import { coveringPaths, planPaths } from '@/testkit/model/paths'
import { account } from '@/testkit/flows/session/session.model'
import { longPoDraft, northwindDraft } from '@/testkit/flows/invoice-order/invoice-order.model'
import { expiredQuote, openQuote, quotePdf, quotesModel } from '@/testkit/flows/quotes/quotes.model'
import { quotesOracle } from '@/testkit/flows/quotes/quotes.oracle'
import { quotesViewTable } from '@/testkit/flows/quotes/quotes.view-table'
import { settleTaxIdRefusal, typeInvoiceOrder } from '@/tests/support/invoice-order-form'
import { pendingApi, renderAccountPage, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { newestActorOf } from '@/tests/support/running-actors'

const plan = planPaths(quotesModel)
/** The API call each actor makes. */
const calls = { loadQuotes: 'quotes', requestQuote: 'requestQuote', acceptQuote: 'acceptQuote', downloadQuotePdf: 'quotePdf' }

/** Chooses the plan and seats, types the company and PO number, and presses Request quote. */
function requestQuote(event: { priceId: string; quantity: number; draft: InvoiceOrderDraft }) {
  const dialog = screen.getByRole('dialog', { name: 'Request a quote' })
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Plan' }), { target: { value: event.priceId } })
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Licenses' }), { target: { value: String(event.quantity) } })
  typeInvoiceOrder('Request a quote', event.draft, 'Request quote')
}

function act(event: { type: string } & Record<string, unknown>) {
  const quote = event.quote as typeof openQuote | undefined
  switch (event.type) {
    case 'quotes.reload':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    case 'request.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }))
    case 'request.submit':
      return requestQuote(event as never)
    case 'dialog.close': {
      const close = within(screen.getByRole('dialog')).getByRole('button', { name: screen.queryByRole('button', { name: 'Done' }) ? 'Done' : 'Cancel' })
      // While a request or an acceptance is sent, Cancel is disabled: the close the machine must
      // still ignore comes from elsewhere, sent to the page's own actor.
      if (close.hasAttribute('disabled')) return inAct(() => newestActorOf('quotes').send(event))
      return fireEvent.click(close)
    }
    // An expired quote offers no Accept: nothing to press.
    case 'accept.request':
      return quote?.status === 'open' && fireEvent.click(screen.getByRole('button', { name: `Accept quote ${quote.number}` }))
    case 'accept.confirm':
      return fireEvent.click(within(screen.getByRole('dialog', { name: 'Accept quote' })).getByRole('button', { name: 'Accept quote' }))
    case 'pdf.download':
      return fireEvent.click(screen.getByRole('button', { name: `Download quote ${quote!.number} (PDF)` }))
    case 'xstate.init':
      return
  }
  throw new Error(`No user action for ${event.type}`)
}

const settle = async (pending: PendingApi, event: { type: string; output?: unknown; error?: unknown }) =>
  (await settleTaxIdRefusal(pending, 'requestQuote', event)) || settleActorEvent(pending, calls, event)

function open() {
  const pending = pendingApi()
  const savePdf = vi.fn()
  const { session } = renderAccountPage(() => <QuotesSection savePdf={savePdf} />, { api: pending.api, account, path: '/account/invoices' })
  return { pending, session, savePdf }
}

describe('Quotes on Invoices and company (component paths of the quotes machine) [I49.quote.request I49.quote.listed I49.quote.accept I49.quote.refused I49.quote.once]', () => {
  walkPaths(coveringPaths(quotesModel.machine, plan.paths), {
    table: quotesViewTable,
    oracle: quotesOracle,
    refuse: quotesModel.events,
    start: open,
    step: async (event, { pending }) => {
      if (!(await settle(pending, event))) act(event)
    },
    end: ({ pending, session, savePdf }, sent) => {
      // One press with a request the limits take sends one request: the plan, seats, company and PO typed.
      const accepted = sent.filter((event) => event.type === 'request.submit' && (event as unknown as { draft: InvoiceOrderDraft }).draft.poNumber.length <= 140)
      expect(pending.made('requestQuote').length).toBeLessThanOrEqual(accepted.length)
      for (const [request] of pending.made('requestQuote'))
        expect(request).toMatchObject({ priceId: 'commercial-plus', quantity: 3, poNumber: 'PO-4711', company: { legalName: 'Northwind Traders Inc.' } })
      // Only an open quote is accepted, by its id.
      for (const made of pending.made('acceptQuote')) expect(made).toEqual([openQuote.id])
      // The PDF fetched is handed to the browser under the quote's number.
      const fetched = sent.some((event) => event.type === 'xstate.done.actor.downloadQuotePdf')
      expect(savePdf.mock.calls).toEqual(fetched ? [[quotePdf, openQuote.number]] : [])
      // Accepted, the session holds the account as the order left it: the sidebar shows Manage Licenses.
      const ordered = sent.some((event) => event.type === 'xstate.done.actor.acceptQuote')
      expect(session.getSnapshot().context.account?.allowedPriceId ?? null).toBe(ordered ? 'commercial' : account.allowedPriceId)
    },
  })

  it('says beside each field what the limits refuse (a PO number too long or with a tab), and sends nothing [I49.quote.po-number]', async () => {
    const { pending } = open()
    await pending.settle('quotes', { output: [] })
    fireEvent.click(await screen.findByRole('button', { name: 'Request a quote' }))
    requestQuote({ priceId: 'commercial', quantity: 2, draft: longPoDraft })
    expect(await screen.findByText('PO number must be at most 140 characters')).toBeTruthy()
    requestQuote({ priceId: 'commercial', quantity: 2, draft: { ...northwindDraft, poNumber: 'PO-47\t11' } })
    expect(await screen.findByText('PO number must not contain control characters such as line breaks or tabs')).toBeTruthy()
    expect(pending.calls('requestQuote')).toHaveLength(0)
  })

  it('lists each quote with its number, what it is for, total, PO, Valid until and standing, and offers Accept only for an open one [I49.quote.listed]', async () => {
    const { pending } = open()
    await pending.settle('quotes', { output: [openQuote, expiredQuote] })
    const rows = (await screen.findAllByRole('row')).slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    expect(rows).toEqual([
      ['QT-NORA-0001', 'Commercial for 5 developers', '$1,495.00', 'PO-4711', 'March 31, 2027', 'Open', 'Download', 'Accept'],
      ['QT-NORA-0000', 'Commercial for 2 developers', '$598.00', '—', 'January 31, 2027', 'Expired', 'Download', ''],
    ])
    expect(screen.getByRole('columnheader', { name: 'Valid until' })).toBeTruthy()
  })

  it('says it is loading your quotes until the list comes, then lists them [I49.quote.listed]', async () => {
    const { pending } = open()
    const loading = await screen.findByText('Loading your quotes…')
    expect(loading.getAttribute('role')).toBe('status')
    await pending.settle('quotes', { output: [openQuote] })
    expect(await screen.findByRole('cell', { name: 'QT-NORA-0001' })).toBeTruthy()
    expect(screen.queryByText('Loading your quotes…')).toBeNull()
  })

  it('shows progress on the Download of the quote whose PDF is on its way, not on the other listed [I49.quote.listed]', async () => {
    const { pending } = open()
    await pending.settle('quotes', { output: [openQuote, expiredQuote] })
    fireEvent.click(await screen.findByRole('button', { name: 'Download quote QT-NORA-0001 (PDF)' }))
    expect(screen.getByRole('button', { name: 'Download quote QT-NORA-0001 (PDF)' }).hasAttribute('data-loading')).toBe(true)
    expect(screen.getByRole('button', { name: 'Download quote QT-NORA-0000 (PDF)' }).hasAttribute('data-loading')).toBe(false)
  })
})
