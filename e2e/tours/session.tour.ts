import { expect } from '@playwright/test'
import type { sessionMachine } from '@/machines/session.machine'
import { sessionModel } from '@/testkit/flows/session/session.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'

/** The account area while the signed-in account loads, and once it has. */
export const sessionTour: Tour<typeof sessionMachine> = {
  plan: sessionModel,
  actors: {
    loadAccount: calling('login'),
    loadOrganisation: calling('organisation'),
    loadLicenses: calling('licenses'),
  },
  // The profile page sends account.changed after a save, the members page organisation.changed, My Licenses licenses.taken; their own tours walk those.
  walkable: (steps) => !steps.some((step) => ['account.changed', 'organisation.changed', 'licenses.taken'].includes(step.event.type)),
  // A failed load sends the user to '/', which has tests of its own.
  leaving: (step) => step.state.value === 'failed',
  // On My Licenses the session loads its first page too; on the Profile page it does not.
  open: (page, input) => openAs(page, demo.commercial, (input as { opensOnLicenses?: boolean }).opensOnLicenses ? '/account' : '/account/profile'),
  perform: async (_page, event) => {
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    // The branch is the test: the state the path rests in picks what the page must show there.
    if (step.state.value !== 'ready') return expect(page.getByText('Loading, please wait...')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible()
  },
}
