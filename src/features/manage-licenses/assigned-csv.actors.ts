import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { assignedCsvMachine } from '@/machines/assigned-csv.machine'

/** The CSV download's I/O over the accounts API: GET /api/licenses/assigned.csv. */
export function assignedCsvActors(api: AccountsApi) {
  return requestsFor<typeof assignedCsvMachine>()({ downloadCsv: ({ signal }) => api.assignedCsv(signal) })
}
