import { answerOf, onAnswer, shownMessage, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What 'Download CSV' holds: why the last download failed, until dismissed or pressed again. */
export interface AssignedCsvHeld {
  error: string | null
}

/** Where 'Download CSV' stands, in issue 33's words. */
const said = { ready: 'the assigned seats to download', coming: 'the CSV coming' } as const
/** The states of machines/assigned-csv.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = { [said.ready]: 'assignedCsv.idle', [said.coming]: 'assignedCsv.downloading' } satisfies Relation
const awaitedIn = { downloadCsv: said.coming }
/** The CSV that came is saved by the browser as it came (an effect: decision 0076). */
export const savesCsv = (csv: string) => `the CSV saved as it came: ${csv}`

/**
 * 'Download CSV' (our addition, issue 33's Manage Licenses): one request a press, the file saved as
 * it came; a failure said in words with Dismiss until dismissed or the button is pressed again.
 */
export const assignedCsvOracle: Oracle<void, AssignedCsvHeld> = {
  relation,
  start: () => ({ state: said.ready, held: { error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      return { state: said.ready, held: { error: answer.done ? null : shownMessage(answer.error) } }
    }
    if (now.state !== said.ready) return now
    if (event.type === 'csv.download') return { state: said.coming, held: { error: null } }
    if (event.type === 'error.dismiss') return { state: now.state, held: { error: null } }
    return now
  },
  effects: (now, event) => onAnswer(event, now.state, awaitedIn, 'downloadCsv', (csv) => [savesCsv(csv as string)]),
}
