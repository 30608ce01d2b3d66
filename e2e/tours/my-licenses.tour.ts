import { expect, type Page } from '@playwright/test'
import type { myLicensesMachine } from '../../machines/my-licenses.machine'
import type { FirstLicenses } from '../../machines/session.machine'
import { routeApi } from '../support/api-routes'
import { myLicensesModel } from '../../testkit/models/my-licenses.model'
import { demo, licenseCard } from '../support/accounts'
import type { Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { myLicensesViewTable } from '../../testkit/views/my-licenses/my-licenses.view-table'

/** The session's first request for My Licenses' cards, answered with the first page the path starts from (later ones are the tour's). */
async function answerFirstPage(page: Page, firstPage: FirstLicenses) {
  let answered = false
  await routeApi(page, '/api/licenses', (route) => {
    if (answered) return route.fallback()
    answered = true
    if ('error' in firstPage) return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: firstPage.error }) })
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(firstPage.licenses) })
  })
}

/** My Licenses: loading, the cards, empty, and a failed load with Try again; from the session's first page, or loaded. */
export const myLicensesTour: Tour<typeof myLicensesMachine> = {
  plan: myLicensesModel,
  view: { table: myLicensesViewTable },
  actors: { loadLicenses: { calls: [{ method: 'GET', path: '/licenses' }] } },
  // Discord's dialog sends license.discordConnected and a key rotation license.keyRegenerated; their own tours walk those.
  walkable: (steps) => !steps.some((step) => step.event.type === 'license.discordConnected' || step.event.type === 'license.keyRegenerated'),
  open: async (page, input) => {
    const firstPage = (input as { firstPage: FirstLicenses | null } | undefined)?.firstPage
    if (firstPage) {
      // Opened with the area: the session's request for the first page answers what the path starts from.
      await answerFirstPage(page, firstPage)
      return openAs(page, demo.plus, '/account')
    }
    // Opened from elsewhere in the area, the page loads its own cards.
    await openAs(page, demo.plus, '/account/profile')
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
  },
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
