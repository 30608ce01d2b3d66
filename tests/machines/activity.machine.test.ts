import { describe, expect, it } from 'vitest'
import type { ContextFrom, EventObject } from 'xstate'
import { activityMachine } from '../../machines/activity.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { expectContexts, expectContextTableCoversMachine, type ContextTable } from '../support/context-table'
import { replayPath } from '../support/run-paths'
import { activityAlongPath, activityModel, firstPage, lastPage, purchaseEntry, renewalEntry } from '../../testkit/models/activity.model'
import { startActivity } from '../../testkit/models/activity.start'
import { settle } from '../../testkit/settle'

const plan = planPaths(activityModel)
const notFound = "The requested information couldn't be found. Please try again or contact support."

/** The entries and cursor the pages answered so far, as the path says. */
const received = (sent: readonly EventObject[]) => {
  const { entries, nextCursor } = activityAlongPath(sent)
  return { entries, nextCursor }
}

/** What Recent activity's context holds in each state, written here from the pages the path answered. */
const contextTable: ContextTable<ContextFrom<typeof activityMachine>> = {
  // A refresh keeps the entries in view while the newest page loads.
  'activity.loading': (sent) => ({ entries: activityAlongPath(sent).entries }),
  'activity.shown.idle': (sent) => ({ ...received(sent), error: null }),
  'activity.shown.loadingMore': (sent) => ({ ...received(sent), nextCursor: 'cursor_2' }),
  'activity.shown.moreFailed': (sent) => ({ ...received(sent), nextCursor: 'cursor_2', error: notFound }),
  'activity.empty': { entries: [], nextCursor: null, error: null },
  'activity.failed': { error: notFound },
}

describe('activity machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contextTable as ContextTable<unknown>, activityMachine))
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(activityMachine, path, { actors: activityModel.actors, serialize: plan.serialize, expectations: expectContexts(contextTable, path) }))
  }
})

describe('activity rules', () => {
  it('loads the newest page, then the next one by its cursor, once however often Show more is pressed', async () => {
    const { actor, load } = startActivity([firstPage, lastPage])
    await settle()
    actor.send({ type: 'activity.more' })
    actor.send({ type: 'activity.more' })
    await settle()
    expect(load.mock.calls).toEqual([[null], ['cursor_2']])
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2', 'act_1'])
    actor.send({ type: 'activity.more' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('lists an entry once when an older page repeats it (a new entry moved the pages on)', async () => {
    const { actor } = startActivity([firstPage, { entries: [renewalEntry, purchaseEntry], nextCursor: null }])
    await settle()
    actor.send({ type: 'activity.more' })
    await settle()
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2', 'act_1'])
  })

  it('starts again from the newest page on a refresh, also while a page is loading', async () => {
    const { actor, load } = startActivity([firstPage, lastPage, firstPage])
    actor.send({ type: 'activity.refresh' })
    await settle()
    expect(load.mock.calls).toEqual([[null], [null]])
    actor.send({ type: 'activity.refresh' })
    await settle()
    expect(load.mock.calls).toEqual([[null], [null], [null]])
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2'])
  })
})
