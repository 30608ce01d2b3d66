import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { keyRotationMachine } from '@/machines/key-rotation.machine'

/** Key rotation's I/O over the accounts API: POST /api/licenses/{licenseId}/regenerate-key. */
export function keyRotationActors(api: AccountsApi) {
  return requestsFor<typeof keyRotationMachine>()({ regenerateKey: ({ input, signal }) => api.regenerateKey(input.licenseId, signal) })
}
