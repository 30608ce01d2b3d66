import { answerOf, shownMessage, type Oracle } from '@/testkit/model/oracle'

/** What 'Download CSV' holds: why the last download failed, until dismissed or pressed again. */
export interface AssignedCsvHeld {
  error: string | null
}

/**
 * 'Download CSV' (our addition, issue 33's Manage Licenses): one request a press, the file saved as
 * it came; a failure said in words with Dismiss until dismissed or the button is pressed again.
 */
export const assignedCsvOracle: Oracle<void, AssignedCsvHeld> = {
  start: () => ({ state: 'assignedCsv.idle', held: { error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { downloadCsv: 'assignedCsv.downloading' })
    if (answer) {
      if (!answer.awaited) return now
      return { state: 'assignedCsv.idle', held: { error: answer.done ? null : shownMessage(answer.error) } }
    }
    if (now.state !== 'assignedCsv.idle') return now
    if (event.type === 'csv.download') return { state: 'assignedCsv.downloading', held: { error: null } }
    if (event.type === 'error.dismiss') return { state: now.state, held: { error: null } }
    return now
  },
}
