import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import type { ActivityPage } from '../../src/api/contract'
import { activityMachine } from '../../machines/activity.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { activityModel, emptyPage, firstPage, lastPage } from './activity.model'

const plan = planPaths(activityModel)
const notFound = "The requested information couldn't be found. Please try again or contact support."

/** What each state holds, written here: the ids of the entries the fixtures' pages give. */
function expectations(snapshot: SnapshotFrom<typeof activityMachine>) {
  const ids = snapshot.context.entries.map((entry) => entry.id)
  if (snapshot.matches('empty')) expect(ids).toEqual([])
  if (snapshot.matches('shown')) expect([['act_3', 'act_2'], ['act_1'], ['act_3', 'act_2', 'act_1']]).toContainEqual(ids)
  if (snapshot.matches('failed') || snapshot.matches({ shown: 'moreFailed' })) expect(snapshot.context.error).toBe(notFound)
  if (snapshot.matches({ shown: 'loadingMore' })) expect(snapshot.context.nextCursor).toBe('cursor_2')
}

describe('activity machine: generated paths', () => {
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () => replayPath(activityMachine, path, { actors: activityModel.actors, serialize: plan.serialize, expectations }))
  }
})

describe('activity rules', () => {
  function start(pages: ActivityPage[]) {
    const load = vi.fn((before: string | null) => Promise.resolve(pages.shift() ?? emptyPage).then((page) => (void before, page)))
    const actor = createActor(activityMachine.provide({ actors: { loadActivity: fromPromise(({ input }: { input: { before: string | null } }) => load(input.before)) } })).start()
    return { actor, load }
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('loads the newest page, then the next one by its cursor, once however often Show more is pressed', async () => {
    const { actor, load } = start([firstPage, lastPage])
    await settled()
    actor.send({ type: 'activity.more' })
    actor.send({ type: 'activity.more' })
    await settled()
    expect(load.mock.calls).toEqual([[null], ['cursor_2']])
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2', 'act_1'])
    actor.send({ type: 'activity.more' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('starts again from the newest page on a refresh, also while a page is loading', async () => {
    const { actor, load } = start([firstPage, lastPage, firstPage])
    actor.send({ type: 'activity.refresh' })
    await settled()
    expect(load.mock.calls).toEqual([[null], [null]])
    actor.send({ type: 'activity.refresh' })
    await settled()
    expect(load.mock.calls).toEqual([[null], [null], [null]])
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2'])
  })
})
