import { expect, type Page } from '@playwright/test'
import type { licenseFileMachine } from '@/machines/license-file.machine'
import { licenseFileModel, seatId } from '@/testkit/flows/license-file/license-file.model'
import { licenseCard } from '../support/accounts'
import { callOf, type Tour } from '../support/machine-tour'
import { openPlusCard } from './open-as'
import { pressing } from './press'
import { downloadShown } from './shown'

const dialog = (page: Page) => page.getByRole('dialog', { name: 'License Key' })
const downloadButton = (page: Page) => dialog(page).getByRole('button', { name: 'Download license file' })
const failure = (page: Page) => dialog(page).getByRole('alert').filter({ hasText: 'The license file could not be downloaded' })

/** 'Download license file' in the License Key dialog of the Commercial Plus demo seat (the model's seat): the file asked for, its failure said until dismissed. */
export const licenseFileTour: Tour<typeof licenseFileMachine> = {
  plan: licenseFileModel,
  view: { root: dialog },
  // The file the page saves is the answer the tour gives (the model's signed file), so the browser downloads it for real.
  actors: { downloadLicenseFile: { calls: [callOf('licenseFile', seatId)], answerType: 'application/jwt' } },
  open: async (page) => {
    await openPlusCard(page)
    await licenseCard(page, 'Commercial Plus').getByRole('button', { name: 'License Key' }).click()
    await expect(downloadButton(page)).toBeEnabled()
  },
  perform: pressing(dialog, { 'file.download': 'Download license file' }, { 'error.dismiss': (page) => failure(page).getByRole('button', { name: 'Dismiss' }).click() }),
  expectShown: (page, step) => downloadShown(downloadButton(page), failure(page), step.state),
}
