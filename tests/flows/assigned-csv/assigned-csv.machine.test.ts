import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { assignedCsvMachine } from '@/machines/assigned-csv.machine'
import { assignedCsv } from '@/testkit/flows/assigned-csv/assigned-csv.model'
import { settle } from '@/testkit/settle'

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
