import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { activityMachine } from '../../machines/activity.machine'
import type { ActivityEntry, ActivityPage } from '../../src/api/contract'
import { selectActivity } from '../../src/features/manage-licenses/activity.select'

const entry = (id: string, subjectEmail: string): ActivityEntry => ({
  id,
  at: '2026-11-20T14:05:00.000Z',
  actor: { name: 'Cara Commercial', email: 'commercial@example.com' },
  priceId: 'commercial',
  subjectEmail,
  seats: null,
  kind: 'assign',
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Recent activity whose pages the test answers one by one, in order. */
function activityAnswering(...pages: ActivityPage[]) {
  const answers: ((page: ActivityPage) => void)[] = []
  const loadActivity = fromPromise<ActivityPage, { before: string | null }>(() => new Promise((resolve) => answers.push(resolve)))
  const actor = createActor(activityMachine.provide({ actors: { loadActivity } })).start()
  const answerNext = async () => {
    answers.shift()!(pages.shift()!)
    await settle()
  }
  return { actor, answerNext }
}

describe('Recent activity while it loads', () => {
  it('shows a placeholder only while nothing is shown yet; a refresh keeps the entries in view', async () => {
    const { actor, answerNext } = activityAnswering({ entries: [entry('act_1', 'dev1@example.com')], nextCursor: null }, { entries: [entry('act_2', 'dev2@example.com')], nextCursor: null })
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ loading: true, refreshing: false, entries: [] })
    await answerNext()
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ loading: false, refreshing: false })
    actor.send({ type: 'activity.refresh' })
    expect(selectActivity(actor.getSnapshot())).toMatchObject({
      loading: false,
      refreshing: true,
      entries: [{ id: 'act_1', text: 'Cara Commercial assigned a Commercial license to dev1@example.com' }],
    })
    await answerNext()
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ loading: false, refreshing: false, entries: [{ id: 'act_2' }] })
  })

  it('lists an entry once when an older page repeats it (a new entry moved the pages on)', async () => {
    const { actor, answerNext } = activityAnswering(
      { entries: [entry('act_3', 'dev3@example.com'), entry('act_2', 'dev2@example.com')], nextCursor: 'cursor_2' },
      { entries: [entry('act_2', 'dev2@example.com'), entry('act_1', 'dev1@example.com')], nextCursor: null },
    )
    await answerNext()
    actor.send({ type: 'activity.more' })
    await answerNext()
    expect(selectActivity(actor.getSnapshot()).entries.map((shown) => shown.id)).toEqual(['act_3', 'act_2', 'act_1'])
    expect(selectActivity(actor.getSnapshot()).showMore).toBe(false)
  })
})
