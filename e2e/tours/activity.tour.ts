import { expect } from '@playwright/test'
import type { activityMachine } from '@/machines/activity.machine'
import { activityModel } from '@/testkit/flows/activity/activity.model'
import { demo } from '../support/accounts'
import type { Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown, loadFailedShown } from './shown'
import { activityViewTable } from '@/testkit/flows/activity/activity.view-table'

/** Recent activity below Manage Licenses' table: loading, the entries, Show more, empty, and a failed load. */
export const activityTour: Tour<typeof activityMachine> = {
  plan: activityModel,
  // The component test reads the region alone, as here.
  view: { table: activityViewTable, root: (page) => page.getByRole('region', { name: 'Recent activity' }) },
  actors: { loadActivity: { calls: [{ method: 'GET', path: '/account/activity' }] } },
  // A refresh follows a change on the page (assign, unassign, a new key): their own tours make them.
  walkable: (steps) => !steps.some((step) => step.event.type === 'activity.refresh'),
  open: (page) => openAs(page, demo.commercial, '/account/licenses'),
  perform: pressing((page) => page.getByRole('region', { name: 'Recent activity' }), { 'activity.reload': 'Try again', 'activity.more': 'Show more' }),
  expectShown: async (page, step) => {
    const section = page.getByRole('region', { name: 'Recent activity' })
    const entries = (step.state.context.entries as { id: string }[]).length
    switch (JSON.stringify(step.state.value)) {
      case '"loading"':
        return expect(section.getByLabel('Loading recent activity')).toBeVisible()
      case '"empty"':
        return expect(section.getByText('No activity yet.')).toBeVisible()
      case '"failed"':
        return loadFailedShown(section, 'Recent activity could not be loaded')
      case '{"shown":"loadingMore"}':
        return busyShown(section.getByRole('button', { name: 'Show more' }))
      case '{"shown":"moreFailed"}':
        await expect(section.getByRole('alert')).toHaveText(step.state.context.error as string)
        return expect(section.getByRole('listitem')).toHaveCount(entries)
      case '{"shown":"idle"}':
        return expect(section.getByRole('listitem')).toHaveCount(entries)
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(step.state.value)}`)
  },
}
