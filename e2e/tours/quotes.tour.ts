import { expect, type Page } from '@playwright/test'
import type { Quote } from '@/common/billing-contract'
import type { quotesMachine } from '@/machines/quotes.machine'
import { quotePdfText, quotesModel } from '@/testkit/flows/quotes/quotes.model'
import { demo } from '../support/accounts'
import { calling, callOf, defaultKey, type Tour, type TourStep } from '../support/machine-tour'
import { typeInvoiceOrder } from './invoice-order.tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown, loadFailedShown } from './shown'

const sectionOf = (page: Page) => page.getByRole('region', { name: 'Quotes' })
const requestDialog = (page: Page) => page.getByRole('dialog', { name: 'Request a quote' })
const acceptDialog = (page: Page) => page.getByRole('dialog', { name: 'Accept quote' })
const downloadOf = (page: Page, quote: Quote) => sectionOf(page).getByRole('button', { name: `Download quote ${quote.number} (PDF)` })

/** The files each page has saved, by name: a quote's PDF is handed to the browser as a download. */
const saved = new WeakMap<Page, string[]>()

/** The PDF fetched and saved: the list as before, the file downloaded. */
const pdfSaved = (step: TourStep) => step.event.type === 'xstate.done.actor.downloadQuotePdf'
/** A refused tax ID, said beside its field: only the request's form shows it (the machine keeps it until the dialog opens again). */
const taxIdShown = (step: TourStep) => Boolean(step.state.context.taxIdError) && JSON.stringify(step.state.value) === '{"listed":{"requesting":"editing"}}'

/**
 * Quotes on Invoices and company: loading, failed, the list, a PDF fetched (saved, or failed above
 * the list), a quote requested (sent, refused above the form or beside the tax ID, ready), and an
 * open quote accepted (sent, refused in words, awaiting payment).
 */
export const quotesTour: Tour<typeof quotesMachine> = {
  plan: quotesModel,
  actors: {
    loadQuotes: calling('quotes'),
    requestQuote: calling('requestQuote'),
    acceptQuote: calling('acceptQuote'),
    downloadQuotePdf: { calls: [callOf('quotePdf')], answerType: 'application/pdf', answers: () => [quotePdfText] },
  },
  // Beside the state and its notices: a refused tax ID, and the list after a PDF was saved (the download is what shows it).
  keyOf: (step) => [defaultKey(step), taxIdShown(step) ? 'taxIdError' : '', pdfSaved(step) ? 'PDF saved' : ''].filter(Boolean).join(' + '),
  open: async (page) => {
    const files: string[] = []
    saved.set(page, files)
    page.on('download', (download) => files.push(download.suggestedFilename()))
    await openAs(page, demo.commercial, '/account/invoices')
    // The page's other sections load from the server beside the held quotes: each state is shown
    // (and photographed for the atlas) with them loaded, not with whichever had arrived by then.
    await expect(page.getByRole('table', { name: 'Invoices', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save company details' })).toBeVisible()
  },
  perform: pressing(
    (page) => page.getByRole('dialog'),
    { 'accept.confirm': 'Accept quote' },
    {
      'quotes.reload': (page) => sectionOf(page).getByRole('button', { name: 'Try again' }).click(),
      'request.open': (page) => sectionOf(page).getByRole('button', { name: 'Request a quote' }).click(),
      'request.submit': async (page, event) => {
        const dialog = requestDialog(page)
        await dialog.getByRole('combobox', { name: 'Plan' }).selectOption(event.priceId)
        await dialog.getByRole('textbox', { name: 'Licenses' }).fill(String(event.quantity))
        return typeInvoiceOrder(dialog, event.draft, 'Request quote')
      },
      // Cancel while the dialog asks, Done once the quote is accepted.
      'dialog.close': (page) =>
        page
          .getByRole('dialog')
          .getByRole('button', { name: /^(Cancel|Done)$/ })
          .click(),
      'accept.request': (page, event) =>
        sectionOf(page)
          .getByRole('button', { name: `Accept quote ${event.quote.number}` })
          .click(),
      'pdf.download': (page, event) => downloadOf(page, event.quote).click(),
    },
  ),
  expectShown: async (page, step) => {
    const section = sectionOf(page)
    const { value, context } = step.state
    switch (JSON.stringify(value)) {
      case '"loading"':
        return expect(section.getByText('Loading your quotes…')).toBeVisible()
      case '"failed"':
        return loadFailedShown(section, 'Your quotes could not be loaded')
      case '{"listed":"idle"}':
        await expect(page.getByRole('dialog')).toHaveCount(0)
        // The branch is the test: the file is saved only after its PDF came.
        if (pdfSaved(step)) await expect.poll(() => saved.get(page), 'files saved').toEqual([`quote-${(context.picked as Quote).number}.pdf`])
        return expect(section.getByRole('button', { name: 'Request a quote' })).toBeEnabled()
      case '{"listed":"downloading"}':
        return busyShown(downloadOf(page, context.picked as Quote))
      case '{"listed":{"requesting":"editing"}}':
        return expect(requestDialog(page).getByRole('button', { name: 'Request quote' })).toBeEnabled()
      case '{"listed":{"requesting":"sending"}}':
        return busyShown(requestDialog(page).getByRole('button', { name: 'Request quote' }))
      case '{"listed":{"accepting":"confirming"}}':
        return expect(acceptDialog(page).getByRole('button', { name: 'Accept quote' })).toBeEnabled()
      case '{"listed":{"accepting":"sending"}}':
        return busyShown(acceptDialog(page).getByRole('button', { name: 'Accept quote' }))
      case '{"listed":{"accepting":"accepted"}}':
        return expect(acceptDialog(page).getByRole('status')).toContainText('Awaiting payment')
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
