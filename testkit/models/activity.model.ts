/** Model of the Recent activity machine for generated paths: tests, the path catalogue and coverage. */
import type { EventObject } from 'xstate'
import type { ActivityEntry, ActivityPage } from '../../common/contract'
import { activityMachine } from '../../machines/activity.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '../model/paths'

const cara = { name: 'Cara Commercial', email: 'commercial@example.com' }

export const assignEntry: ActivityEntry = {
  id: 'act_3',
  at: '2026-11-20T14:05:00.000Z',
  kind: 'assign',
  actor: cara,
  priceId: 'commercial',
  subjectEmail: 'dev1@example.com',
  seats: null,
  tokenName: null,
}
export const renewalEntry: ActivityEntry = { id: 'act_2', at: '2026-11-01T00:00:00.000Z', kind: 'renewal', actor: null, priceId: 'commercial', subjectEmail: null, seats: 3, tokenName: null }
export const purchaseEntry: ActivityEntry = { id: 'act_1', at: '2025-11-01T09:30:00.000Z', kind: 'purchase', actor: cara, priceId: 'commercial', subjectEmail: null, seats: 3, tokenName: null }

/** The newest page, with an older one after it. */
export const firstPage: ActivityPage = { entries: [assignEntry, renewalEntry], nextCursor: 'cursor_2' }
/** The oldest page. */
export const lastPage: ActivityPage = { entries: [purchaseEntry], nextCursor: null }
export const emptyPage: ActivityPage = { entries: [], nextCursor: null }

export const fixtures: ActorFixtures<typeof activityMachine> = {
  loadActivity: { done: [firstPage, lastPage, emptyPage], error: [new Error("The requested information couldn't be found. Please try again or contact support.")] },
}

export const activityModel: PathPlan<typeof activityMachine> = {
  name: 'activity',
  machine: activityMachine,
  actors: Object.keys(fixtures),
  events: [{ type: 'activity.reload' }, { type: 'activity.refresh' }, { type: 'activity.more' }, ...actorEvents(fixtures)],
  // What the user can tell apart: where it stands, the entries shown, whether more exist, the message.
  serialize: (snapshot) => ({ value: snapshot.value, entries: snapshot.context.entries.map((entry) => entry.id), more: snapshot.context.nextCursor !== null, error: snapshot.context.error }),
}

/**
 * What Recent activity holds along a path of `activityModel`, from the pages the test answered:
 * the newest page replaces what was shown, the page 'Show more' asked for is added below it, and a
 * failure keeps the entries with its message.
 */
export function activityAlongPath(sent: readonly EventObject[]) {
  let entries: ActivityEntry[] = []
  let nextCursor: string | null = null
  let error: string | null = null
  let olderPage = false
  for (const event of sent as readonly (EventObject & { output?: ActivityPage; error?: unknown })[]) {
    if (event.type === 'activity.more') olderPage = true
    if (event.type === 'activity.refresh' || event.type === 'activity.reload') olderPage = false
    if (event.type === 'xstate.done.actor.loadActivity') {
      const page = event.output!
      entries = olderPage ? [...entries, ...page.entries.filter((entry) => !entries.some((shown) => shown.id === entry.id))] : page.entries
      nextCursor = page.nextCursor
      error = null
      olderPage = false
    }
    if (event.type === 'xstate.error.actor.loadActivity') error = (event.error as Error).message
  }
  return { entries, nextCursor, error }
}
