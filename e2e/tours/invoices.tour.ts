import { expect } from '@playwright/test'
import type { invoicesMachine } from '@/machines/invoices.machine'
import { invoicesModel } from '@/testkit/flows/invoices/invoices.model'
import { demo } from '../support/accounts'
import { calling, callOf, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { busyShown, loadFailedShown } from './shown'
import { companyFieldLabels } from '@/testkit/flows/invoices/invoices.view-table'

/** Invoices and company: loading, failed, the invoices with the company form, and saving it (a refused tax ID beside its field). */
export const invoicesTour: Tour<typeof invoicesMachine> = {
  plan: invoicesModel,
  actors: {
    loadPapers: {
      calls: [callOf('invoices'), callOf('companyDetails')],
      answers: (output) => {
        const { invoices, company } = output as { invoices: unknown; company: unknown }
        return [invoices, company]
      },
    },
    saveCompany: calling('saveCompanyDetails'),
  },
  open: (page) => openAs(page, demo.commercial, '/account/invoices'),
  perform: async (page, event) => {
    const main = page.getByRole('main')
    switch (event.type) {
      case 'papers.reload':
        return main.getByRole('button', { name: 'Try again' }).click()
      case 'company.save': {
        const form = main.getByRole('region', { name: 'Company details' })
        await form.getByRole('combobox', { name: 'Tax ID type' }).selectOption(event.draft.taxIdType)
        for (const [field, label] of Object.entries(companyFieldLabels)) await form.getByRole('textbox', { name: label, exact: true }).fill(event.draft[field as keyof typeof companyFieldLabels])
        return form.getByRole('button', { name: 'Save company details' }).click()
      }
      case 'notice.dismiss': {
        const dismiss = main.getByRole('button', { name: 'Dismiss' })
        return (await dismiss.count()) > 0 ? dismiss.first().click() : undefined
      }
    }
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    const { value, context } = step.state
    switch (JSON.stringify(value)) {
      case '"loading"':
        return expect(main.getByLabel('Loading your invoices')).toBeVisible()
      case '"failed"':
        return loadFailedShown(main, 'Your invoices and company details could not be loaded')
      case '"editing"': {
        await expect(main.getByRole('table', { name: 'Invoices' }).getByRole('row')).toHaveCount((context.invoices as unknown[]).length + 1)
        // The branch is the test: each message shows only where the flow holds it.
        if (context.taxIdError) await expect(main.getByText(context.taxIdError as string)).toBeVisible()
        if (context.error) await expect(main.getByRole('alert')).toContainText(context.error as string)
        if (context.saved) await expect(main.getByText('Company details saved')).toBeVisible()
        return expect(main.getByRole('button', { name: 'Save company details' })).toBeEnabled()
      }
      case '"saving"':
        return busyShown(main.getByRole('button', { name: 'Save company details' }))
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
