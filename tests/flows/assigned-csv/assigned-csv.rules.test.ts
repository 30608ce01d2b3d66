import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { assignedCsvMachine } from '@/machines/assigned-csv.machine'
import { answersInTurn } from '@/testkit/answers'
import { assignedCsv, csvFailure } from '@/testkit/flows/assigned-csv/assigned-csv.model'
import { settle } from '@/testkit/settle'

/** 'Download CSV' in Manage Licenses: a failure's message stays until dismissed, and Dismiss exists only while one shows. */
describe('Download CSV', () => {
  it('offers Dismiss only while a failure is said, and Dismiss removes the message', async () => {
    const download = answersInTurn<string>([new Error(csvFailure), assignedCsv])
    const actor = createActor(assignedCsvMachine.provide({ actors: { downloadCsv: download.logic } })).start()
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(false)
    actor.send({ type: 'csv.download' })
    await settle()
    expect(actor.getSnapshot().context.error).toBe(csvFailure)
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(true)
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(false)
  })
})
