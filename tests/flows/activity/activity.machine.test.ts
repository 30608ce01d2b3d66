import { describe, expect, it } from 'vitest'
import { firstPage, lastPage, purchaseEntry, renewalEntry } from '@/testkit/flows/activity/activity.model'
import { startActivity } from '@/testkit/flows/activity/activity.start'
import { settle } from '@/testkit/settle'

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
