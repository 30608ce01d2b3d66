import { fromRequest } from '../../api/request-actor'
import type { AccountsApi } from '../../api/accounts-api'
import type { RegeneratedKey } from '../../../common/contract'

/** Key rotation's I/O over the accounts API: POST /api/licenses/{licenseId}/regenerate-key. */
export function keyRotationActors(api: AccountsApi) {
  return { regenerateKey: fromRequest<RegeneratedKey, { licenseId: string }>(({ input, signal }) => api.regenerateKey(input.licenseId, signal)) }
}
