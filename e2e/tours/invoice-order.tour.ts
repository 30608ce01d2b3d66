import { expect, type Locator, type Page } from '@playwright/test'
import type { InvoiceOrder } from '@/common/billing-contract'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import type { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import { invoiceOrderModel } from '@/testkit/flows/invoice-order/invoice-order.model'
import { orderFieldLabels } from '@/testkit/flows/invoice-order/invoice-order.view-table'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { busyShown } from './shown'

const title = 'Pay by bank transfer (invoice)'
const dialogOf = (page: Page) => page.getByRole('dialog', { name: title })

/** Fills an order's form in its dialog as the buyer would, and presses Pay by invoice (the purchase page's and Buy Additional Licenses'; Request quote for a quote). */
export async function typeInvoiceOrder(dialog: Locator, draft: InvoiceOrderDraft, submit = 'Pay by invoice') {
  await dialog.getByRole('combobox', { name: 'Country' }).selectOption(draft.country || '')
  await dialog.getByRole('combobox', { name: 'Tax ID type' }).selectOption(draft.taxIdType)
  for (const [field, label] of Object.entries(orderFieldLabels)) {
    const box = dialog.getByRole('textbox', { name: label, exact: true })
    if (await box.isEnabled()) await box.fill(draft[field as keyof typeof orderFieldLabels])
  }
  await dialog.getByRole('button', { name: submit }).click()
}

/** The purchase page's order by invoice: the dialog, ordering, a refusal beside the tax ID or above the form, and the invoice awaiting payment. */
export const invoiceOrderTour: Tour<typeof invoiceOrderMachine> = {
  plan: invoiceOrderModel,
  actors: { payByInvoice: calling('payByInvoice') },
  open: (page) => openAs(page, demo.nolicense, '/account/purchase?pid=commercial'),
  perform: async (page, event) => {
    const main = page.getByRole('main')
    switch (event.type) {
      case 'dialog.open': {
        for (let seats = 1; seats < event.quantity; seats++) await main.getByRole('button', { name: 'More developers' }).click()
        await expect(main.getByLabel(`${event.quantity} developers`)).toBeVisible()
        return main.getByRole('button', { name: title }).click()
      }
      case 'dialog.close': {
        const cancel = dialogOf(page).getByRole('button', { name: 'Cancel' })
        return ((await cancel.count()) > 0 ? cancel : dialogOf(page).getByRole('button', { name: 'Done' })).click()
      }
      case 'order.submit':
        return typeInvoiceOrder(dialogOf(page), event.draft)
    }
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    const { value, context } = step.state
    switch (value) {
      case 'closed':
        await expect(dialogOf(page)).toHaveCount(0)
        return expect(page.getByRole('main').getByRole('button', { name: title })).toBeEnabled()
      case 'editing': {
        const dialog = dialogOf(page)
        // The branch is the test: each message shows only where the flow holds it.
        if (context.error) await expect(dialog.getByRole('alert')).toContainText(context.error as string)
        if (context.taxIdError) await expect(dialog.getByText(context.taxIdError as string)).toBeVisible()
        return expect(dialog.getByRole('button', { name: 'Pay by invoice' })).toBeEnabled()
      }
      case 'ordering':
        return busyShown(dialogOf(page).getByRole('button', { name: 'Pay by invoice' }))
      case 'ordered':
        await expect(dialogOf(page).getByRole('status')).toContainText('Awaiting payment')
        return expect(dialogOf(page).getByRole('link', { name: `Download invoice ${(context.order as InvoiceOrder).invoice.number} (PDF)` })).toBeVisible()
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
