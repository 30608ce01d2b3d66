import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { licenseFileMachine } from '@/machines/license-file.machine'

/** The license file's I/O over the accounts API: GET /api/licenses/{licenseId}/license-file. */
export function licenseFileActors(api: AccountsApi) {
  return requestsFor<typeof licenseFileMachine>()({ downloadLicenseFile: ({ input, signal }) => api.licenseFile(input.licenseId, signal) })
}
