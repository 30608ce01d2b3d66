import { expect, type Page } from '@playwright/test'
import type { assignedCsvMachine } from '@/machines/assigned-csv.machine'
import { assignedCsvModel } from '@/testkit/flows/assigned-csv/assigned-csv.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { downloadShown } from './shown'

const downloadButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Download CSV' })
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'The CSV could not be downloaded' })

/** 'Download CSV' on the Commercial demo owner's Manage Licenses: the file asked for, its failure said until dismissed. */
export const assignedCsvTour: Tour<typeof assignedCsvMachine> = {
  plan: assignedCsvModel,
  // The file the page saves is the answer the tour gives (the model's CSV), so the browser downloads it for real.
  actors: { downloadCsv: { ...calling('assignedCsv'), answerType: 'text/csv' } },
  open: async (page) => {
    await openAs(page, demo.commercial, '/account/licenses')
    await expect(downloadButton(page)).toBeEnabled()
  },
  perform: pressing((page) => page.getByRole('main'), { 'csv.download': 'Download CSV' }, { 'error.dismiss': (page) => failure(page).getByRole('button', { name: 'Dismiss' }).click() }),
  expectShown: (page, step) => downloadShown(downloadButton(page), failure(page), step.state),
}
