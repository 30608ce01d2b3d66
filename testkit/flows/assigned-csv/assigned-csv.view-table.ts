/** What 'Download CSV' shows in each state of the assignedCsv machine, written from the page's rules. */
import type { AssignedCsvHeld } from './assigned-csv.oracle'
import type { ViewTable } from '@/testkit/views/view-table'

export const assignedCsvViewTable: ViewTable<AssignedCsvHeld> = {
  // After a failure, it is said in words until dismissed or the button is pressed again.
  'assignedCsv.idle': (_, { error }) =>
    error ? { enabled: ['Download CSV', 'Dismiss'], alerts: [`The CSV could not be downloaded${error}`] } : { enabled: ['Download CSV'], absent: ['Dismiss'], alerts: [] },
  'assignedCsv.downloading': { disabled: ['Download CSV'], absent: ['Dismiss'], alerts: [] },
}
