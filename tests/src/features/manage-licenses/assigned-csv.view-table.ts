/** What 'Download CSV' shows in each state of the assignedCsv machine, written from the page's rules. */
import { csvFailure } from '../../../../testkit/models/assigned-csv.model'
import { lastOf } from '../../../support/context-table'
import type { ViewTable } from '../../../support/view-table'

export const assignedCsvViewTable: ViewTable = {
  // After a failure, it is said in words until dismissed or the button is pressed again.
  'assignedCsv.idle': (sent) =>
    lastOf(sent, 'csv.download', 'error.dismiss', 'xstate.error.actor.downloadCsv')?.type === 'xstate.error.actor.downloadCsv'
      ? { enabled: ['Download CSV', 'Dismiss'], alerts: [`The CSV could not be downloaded${csvFailure}`] }
      : { enabled: ['Download CSV'], absent: ['Dismiss'], alerts: [] },
  'assignedCsv.downloading': { disabled: ['Download CSV'], absent: ['Dismiss'], alerts: [] },
}
