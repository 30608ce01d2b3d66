import { expect } from '@playwright/test'
import type { activityMachine } from '@/machines/activity.machine'
import { activityModel } from '@/testkit/flows/activity/activity.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown, loadShown } from './shown'

/** Recent activity below Manage Licenses' table: loading, the entries, Show more, empty, and a failed load. */
export const activityTour: Tour<typeof activityMachine> = {
  plan: activityModel,
  // The component test reads the region alone, as here.
  view: { root: (page) => page.getByRole('region', { name: 'Recent activity' }) },
  actors: { loadActivity: calling('activity') },
  // A refresh follows a change on the page (assign, unassign, a new key): their own tours make them.
  walkable: (steps) => !steps.some((step) => step.event.type === 'activity.refresh'),
  open: (page) => openAs(page, demo.commercial, '/account/licenses'),
  perform: pressing((page) => page.getByRole('region', { name: 'Recent activity' }), { 'activity.reload': 'Try again', 'activity.more': 'Show more' }),
  expectShown: async (page, step) => {
    const section = page.getByRole('region', { name: 'Recent activity' })
    const entries = (step.state.context.entries as { id: string }[]).length
    if (await loadShown(section, JSON.stringify(step.state.value), { loading: 'Loading recent activity', failed: 'Recent activity could not be loaded' })) return
    switch (JSON.stringify(step.state.value)) {
      case '"empty"':
        return expect(section.getByText('No activity yet.')).toBeVisible()
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
