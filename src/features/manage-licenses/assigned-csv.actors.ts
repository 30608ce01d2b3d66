import { requestsFor } from '../../api/request-actor'
import type { AccountsApi } from '../../api/accounts-api'
import type { assignedCsvMachine } from '../../../machines/assigned-csv.machine'

/** The CSV download's I/O over the accounts API: GET /api/licenses/assigned.csv. */
export function assignedCsvActors(api: AccountsApi) {
  return requestsFor<typeof assignedCsvMachine>()({ downloadCsv: ({ signal }) => api.assignedCsv(signal) })
}
