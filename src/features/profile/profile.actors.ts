import { fromPromise } from 'xstate'
import type { AccountsApi } from '../../api/accounts-api'
import type { Account, ProfileFields } from '../../api/contract'

/** The Profile page's I/O: load, then save and read back what was stored. */
export function profileActors(api: AccountsApi) {
  return {
    loadProfile: fromPromise<Account, void>(({ signal }) => api.account(signal)),
    saveProfile: fromPromise<Account, ProfileFields>(async ({ input, signal }) => {
      await api.updateAccount(input, signal)
      return api.account(signal)
    }),
  }
}
