import { fromRequest } from '../../api/request-actor'
import type { AccountsApi } from '../../api/accounts-api'
import type { Account, ProfileFields } from '../../../common/contract'

/** The Profile page's I/O: load, then save and read back what was stored. */
export function profileActors(api: AccountsApi) {
  return {
    loadProfile: fromRequest<Account, void>(({ signal }) => api.account(signal)),
    saveProfile: fromRequest<Account, ProfileFields>(async ({ input, signal }) => {
      await api.updateAccount(input, signal)
      return api.account(signal)
    }),
  }
}
