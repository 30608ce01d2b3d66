import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { ActivityPage } from '@/common/contract'
import { activityMachine } from '@/machines/activity.machine'
import { answersInTurn } from '@/testkit/answers'
import { firstPage, lastPage } from '@/testkit/flows/activity/activity.model'
import { settle } from '@/testkit/settle'

/** Recent activity below Manage Licenses' table: what a failed page leaves, and how it is asked again. */
const notFound = "The requested information couldn't be found. Please try again or contact support."

function activity(answers: (ActivityPage | Error)[]) {
  const load = answersInTurn<ActivityPage, { before: string | null }>(answers)
  const actor = createActor(activityMachine.provide({ actors: { loadActivity: load.logic } })).start()
  return { actor, asked: load.asked }
}

describe('Recent activity', () => {
  it('keeps the entries shown when an older page fails, and Show more asks for that page again', async () => {
    const { actor, asked } = activity([firstPage, new Error(notFound), lastPage])
    await settle()
    actor.send({ type: 'activity.more' })
    await settle()
    expect(actor.getSnapshot().value).toEqual({ shown: 'moreFailed' })
    expect(actor.getSnapshot().context).toMatchObject({ error: notFound })
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2'])
    actor.send({ type: 'activity.more' })
    await settle()
    expect(asked).toEqual([{ before: null }, { before: 'cursor_2' }, { before: 'cursor_2' }])
    expect(actor.getSnapshot().value).toEqual({ shown: 'idle' })
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2', 'act_1'])
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('loads the newest page again on Try again after the first load failed', async () => {
    const { actor, asked } = activity([new Error(notFound), firstPage])
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(notFound)
    actor.send({ type: 'activity.reload' })
    await settle()
    expect(asked).toEqual([{ before: null }, { before: null }])
    expect(actor.getSnapshot().value).toEqual({ shown: 'idle' })
    expect(actor.getSnapshot().context.entries.map((entry) => entry.id)).toEqual(['act_3', 'act_2'])
  })
})
