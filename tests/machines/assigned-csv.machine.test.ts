import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type ContextFrom } from 'xstate'
import { assignedCsvMachine } from '../../machines/assigned-csv.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { assignedCsv, assignedCsvModel, csvFailure } from '../../testkit/models/assigned-csv.model'
import { settle } from '../../testkit/settle'
import { expectContexts, expectContextTableCoversMachine, lastOf, type ContextTable } from '../support/context-table'
import { replayPath } from '../support/run-paths'

const plan = planPaths(assignedCsvModel)

/** The failure stays said until dismissed or the button is pressed again. */
const contextTable: ContextTable<ContextFrom<typeof assignedCsvMachine>> = {
  'assignedCsv.idle': (sent) => ({ error: lastOf(sent, 'csv.download', 'error.dismiss', 'xstate.error.actor.downloadCsv')?.type === 'xstate.error.actor.downloadCsv' ? csvFailure : null }),
  'assignedCsv.downloading': { error: null },
}

describe('assigned CSV machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contextTable as ContextTable<unknown>, assignedCsvMachine))
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () =>
      replayPath(assignedCsvMachine, path, { actors: assignedCsvModel.actors, serialize: plan.serialize, expectations: expectContexts(contextTable, path) }))
  }
})

describe('assigned CSV rules', () => {
  it('fetches once however often the button is pressed, and saves what came', async () => {
    const download = vi.fn(() => Promise.resolve(assignedCsv))
    const saveFile = vi.fn()
    const actor = createActor(assignedCsvMachine.provide({ actors: { downloadCsv: fromPromise(download) }, actions: { saveFile: (_, params) => saveFile(params.csv) } })).start()
    actor.send({ type: 'csv.download' })
    actor.send({ type: 'csv.download' })
    await settle()
    expect(download).toHaveBeenCalledTimes(1)
    expect(saveFile.mock.calls).toEqual([[assignedCsv]])
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
