/** Model of the Recent activity machine for generated paths: tests, the path catalogue and coverage. */
import type { ActivityEntry, ActivityPage } from '@/common/contract'
import { activityMachine } from '@/machines/activity.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { asksAgain } from './activity.oracle'

const cara = { name: 'Cara Commercial', email: 'commercial@example.com' }

/** An entry with the fields no entry here has: no token, no role. */
const entry = ({ id, at, kind, actor, subjectEmail, seats }: Pick<ActivityEntry, 'id' | 'at' | 'kind' | 'actor' | 'subjectEmail' | 'seats'>): ActivityEntry => ({
  id,
  at,
  kind,
  actor,
  priceId: 'commercial',
  subjectEmail,
  seats,
  tokenName: null,
  actorRole: null,
  role: null,
})

export const assignEntry = entry({ id: 'act_3', at: '2026-11-20T14:05:00.000Z', kind: 'assign', actor: cara, subjectEmail: 'dev1@example.com', seats: null })
export const renewalEntry = entry({ id: 'act_2', at: '2026-11-01T00:00:00.000Z', kind: 'renewal', actor: null, subjectEmail: null, seats: 3 })
export const purchaseEntry = entry({ id: 'act_1', at: '2025-11-01T09:30:00.000Z', kind: 'purchase', actor: cara, subjectEmail: null, seats: 3 })

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
  // Each start of the request asks the server for entries (decision 0076).
  effects: { starts: { loadActivity: asksAgain } },
  events: [{ type: 'activity.reload' }, { type: 'activity.refresh' }, { type: 'activity.more' }, ...actorEvents(fixtures)],
  // What the user can tell apart: where it stands, the entries shown, whether more exist, the message.
  serialize: (snapshot) => ({ value: snapshot.value, entries: snapshot.context.entries.map((entry) => entry.id), more: snapshot.context.nextCursor !== null, error: snapshot.context.error }),
}
