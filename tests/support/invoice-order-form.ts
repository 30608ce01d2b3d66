import { fireEvent, screen } from '@testing-library/react'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { ApiError } from '@/src/api/errors'
import { orderFieldLabels } from '@/testkit/flows/invoice-order/invoice-order.view-table'
import type { PendingApi } from './pending-api'

/** Types the draft into the order-by-invoice form of the dialog named `dialogName`, as the buyer would, and presses its button (Pay by invoice, or a quote's Request quote). */
export function typeInvoiceOrder(dialogName: string, draft: InvoiceOrderDraft, submit = 'Pay by invoice') {
  const dialog = screen.getByRole('dialog', { name: dialogName })
  const within = (role: string, name: string) => screen.getAllByRole(role, { name }).find((element) => dialog.contains(element))!
  fireEvent.change(within('combobox', 'Country'), { target: { value: draft.country } })
  fireEvent.change(within('combobox', 'Tax ID type'), { target: { value: draft.taxIdType } })
  for (const [field, label] of Object.entries(orderFieldLabels)) fireEvent.change(within('textbox', label), { target: { value: draft[field as keyof typeof orderFieldLabels] } })
  fireEvent.click(within('button', submit))
}

/** A refused tax ID, as the API answers it (422 naming the field): true when the event was one and is settled. */
export async function settleTaxIdRefusal(pending: PendingApi, call: string, event: { type: string; error?: unknown }) {
  if (event.type !== `xstate.error.actor.${call}` || !(event.error as { field?: string }).field) return false
  const body = JSON.stringify({ message: (event.error as Error).message, field: 'taxId' })
  await pending.settle(call as never, { error: new ApiError({ kind: 'http', status: 422, body }) })
  return true
}
