import { expect } from '@playwright/test'
import type { FirstPage, myLicensesMachine } from '@/machines/my-licenses.machine'
import { firstPagesAlong, myLicensesModel } from '@/testkit/flows/my-licenses/my-licenses.model'
import { demo, licenseCard } from '../support/accounts'
import { calling, callOf, defaultKey, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'

/** The cards of the first page the session asked for, as GET /licenses answers them. */
const licensesOf = (first: FirstPage) => (first.found === 'licenses' ? first.licenses : null)

/** Its failure, as GET /licenses refuses. */
const refusalOf = (first: FirstPage) => (first.found === 'failure' ? new Error(first.message) : undefined)

/** My Licenses: loading, the cards, empty, and a failed load with Try again; the first page the session asked for, or the page's own. */
export const myLicensesTour: Tour<typeof myLicensesMachine> = {
  plan: myLicensesModel,
  // Opened with the area, the first page is the session's request: the page takes its answer, the cards or the failure.
  actors: {
    loadLicenses: calling('licenses'),
    awaitFirstPage: {
      calls: [callOf('licenses')],
      answers: (output) => [licensesOf(output as FirstPage)],
      refusal: (output) => refusalOf(output as FirstPage),
    },
  },
  // The cards, the empty page and the failure, from the session's first page as well as from the page's own load.
  keyOf: (step) => [defaultKey(step), ...(step.state.context.fromSession ? ['opened with the area'] : [])].join(' + '),
  // Discord's dialog sends license.discordConnected and a key rotation license.keyRegenerated; their own tours walk those.
  // The session holds its first page until this page takes it: none left to take is the component paths' (another actor of the page took it).
  walkable: (steps) =>
    !steps.some((step) => step.event.type === 'license.discordConnected' || step.event.type === 'license.keyRegenerated') && !firstPagesAlong(steps).some((first) => first.found === 'none'),
  open: async (page, input) => {
    if ((input as { fromSession: boolean } | undefined)?.fromSession) return openAs(page, demo.plus, '/account')
    // Opened from elsewhere in the area, the page loads its own cards.
    await openAs(page, demo.plus, '/account/profile')
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
    // The pointer leaves the sidebar: the states are checked as shown, not as hovered.
    await page.mouse.move(0, 0)
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
      case 'takingFirstPage':
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
