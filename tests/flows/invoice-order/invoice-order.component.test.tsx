// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Product } from '@/common/contract'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { PurchasePage } from '@/src/features/purchase/components/PurchasePage'
import { planPaths } from '@/testkit/model/paths'
import { account } from '@/testkit/flows/session/session.model'
import { communityProduct } from '@/testkit/flows/purchase/purchase.model'
import { invoiceOrderModel, longPoDraft, northwindDraft, placedOrder } from '@/testkit/flows/invoice-order/invoice-order.model'
import { invoiceOrderOracle } from '@/testkit/flows/invoice-order/invoice-order.oracle'
import { invoiceOrderViewTable } from '@/testkit/flows/invoice-order/invoice-order.view-table'
import { settleTaxIdRefusal, typeInvoiceOrder } from '@/tests/support/invoice-order-form'
import { pendingApi, renderAccountPage, settleActorEvent, type PendingApi } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'

const plan = planPaths(invoiceOrderModel)
const commercialProduct: Product = { ...communityProduct, name: 'Commercial', priceId: 'commercial', priceDisplay: '$299', price: 29_900, actionText: 'Buy Commercial', seatsAvailable: null }

const type = (draft: InvoiceOrderDraft) => typeInvoiceOrder('Pay by bank transfer (invoice)', draft)

function act(event: { type: string } & Record<string, unknown>) {
  switch (event.type) {
    case 'dialog.open': {
      // The dialog opens for the seats chosen on the page.
      while (screen.getByLabelText(/\d+ developers/).textContent !== String(event.quantity)) fireEvent.click(screen.getByRole('button', { name: 'More developers' }))
      return fireEvent.click(screen.getByRole('button', { name: 'Pay by bank transfer (invoice)' }))
    }
    case 'dialog.close':
      return fireEvent.click(screen.getByRole('button', { name: screen.queryByRole('button', { name: 'Cancel' }) ? 'Cancel' : 'Done' }))
    case 'order.submit':
      return type(event.draft as InvoiceOrderDraft)
    case 'xstate.init':
      return
  }
  throw new Error(`No user action for ${event.type}`)
}

const settle = async (pending: PendingApi, event: { type: string; output?: unknown; error?: unknown }) =>
  (await settleTaxIdRefusal(pending, 'payByInvoice', event)) || settleActorEvent(pending, { payByInvoice: 'payByInvoice' }, event)

async function open() {
  const pending = pendingApi()
  const { session } = renderAccountPage(() => <PurchasePage priceId="commercial" />, { api: pending.api, account, path: '/account/purchase?pid=commercial' })
  await pending.settle('product', { output: commercialProduct })
  await screen.findByRole('button', { name: 'Pay by bank transfer (invoice)' })
  return { pending, session }
}

describe("the purchase page's pay by invoice (component paths of the invoice-order machine)", () => {
  walkPaths(plan.paths, {
    table: invoiceOrderViewTable,
    oracle: invoiceOrderOracle,
    refuse: invoiceOrderModel.events,
    start: open,
    step: async (event, { pending }) => {
      if (!(await settle(pending, event))) act(event)
    },
    end: ({ pending, session }, sent) => {
      // One press with a draft the contract accepts sends one order, for the page's plan and seats, trimmed and nested.
      const accepted = sent.filter((event) => event.type === 'order.submit' && (event as unknown as { draft: InvoiceOrderDraft }).draft.poNumber.length <= 140)
      const order = {
        priceId: 'commercial',
        quantity: 5,
        company: { legalName: 'Northwind Traders Inc.', address: { line1: '1 Harbor Way', line2: '', city: 'Seattle', postalCode: '98101', state: 'WA', country: 'US' }, taxId: null },
        poNumber: 'PO-4711',
      }
      expect(pending.made('payByInvoice').length).toBeLessThanOrEqual(accepted.length)
      for (const made of pending.made('payByInvoice')) expect(made).toEqual([order])
      // Once ordered, the session holds the account as the order left it: the sidebar shows Manage Licenses.
      const ordered = sent.some((event) => event.type === 'xstate.done.actor.payByInvoice')
      expect(session.getSnapshot().context.account?.allowedPriceId ?? null).toBe(ordered ? 'commercial' : account.allowedPriceId)
    },
  })

  it('says beside each field what the contract refuses (a PO number too long, no country, no legal name), and sends nothing', async () => {
    const { pending } = await open()
    act({ type: 'dialog.open', quantity: 1 })
    type({ ...longPoDraft, country: '', legalName: ' ' })
    expect(await screen.findByText('PO number must be at most 140 characters')).toBeTruthy()
    expect(screen.getByText('Legal name is required')).toBeTruthy()
    expect(screen.getByText('Choose a country from the list')).toBeTruthy()
    type({ ...northwindDraft, poNumber: 'PO-47\t11' })
    expect(await screen.findByText('PO number must not contain control characters such as line breaks or tabs')).toBeTruthy()
    expect(pending.calls('payByInvoice')).toHaveLength(0)
  })

  it('offers the countries by name, and links the invoice awaiting payment to its PDF', async () => {
    const { pending } = await open()
    act({ type: 'dialog.open', quantity: 1 })
    expect(screen.getByRole('option', { name: 'Germany' })).toHaveProperty('value', 'DE')
    type(northwindDraft)
    await pending.settle('payByInvoice', { output: placedOrder })
    const link = await screen.findByRole('link', { name: 'Download invoice NORA0001-0001 (PDF)' })
    expect(link.getAttribute('href')).toBe(placedOrder.invoice.pdfUrl)
  })
})
