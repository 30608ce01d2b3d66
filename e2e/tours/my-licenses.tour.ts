import { expect } from '@playwright/test'
import type { myLicensesMachine } from '../../machines/my-licenses.machine'
import { myLicensesModel } from '../../testkit/flows/my-licenses/my-licenses.model'
import { demo, licenseCard } from '../support/accounts'
import type { Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { myLicensesViewTable } from '../../testkit/flows/my-licenses/my-licenses.view-table'

/** My Licenses: loading, the cards, empty, and a failed load with Try again. */
export const myLicensesTour: Tour<typeof myLicensesMachine> = {
  plan: myLicensesModel,
  view: { table: myLicensesViewTable },
  actors: { loadLicenses: { calls: [{ method: 'GET', path: '/licenses' }] } },
  // Discord's dialog sends license.discordConnected and a key rotation license.keyRegenerated; their own tours walk those.
  walkable: (steps) => !steps.some((step) => step.event.type === 'license.discordConnected' || step.event.type === 'license.keyRegenerated'),
  open: (page) => openAs(page, demo.plus, '/account'),
  perform: async (page, event) => {
    if (event.type === 'licenses.reload') return page.getByRole('button', { name: 'Try again' }).click()
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'My Licenses' })).toBeVisible()
    switch (step.state.value) {
      case 'loading':
        return expect(main.getByLabel('Loading your licenses')).toBeVisible()
      case 'licensed':
        return expect(licenseCard(page, 'Commercial Plus')).toBeVisible()
      case 'empty':
        return expect(main.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
      case 'failed':
        await expect(main.getByRole('alert')).toContainText('Your licenses could not be loaded')
        return expect(main.getByRole('button', { name: 'Try again' })).toBeEnabled()
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(step.state.value)}`)
  },
}
