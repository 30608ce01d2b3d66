import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { profileMachine } from '@/machines/profile.machine'

/** The Profile page's I/O: load, then save and read back what was stored. */
export function profileActors(api: AccountsApi) {
  return requestsFor<typeof profileMachine>()({
    loadProfile: ({ signal }) => api.account(signal),
    saveProfile: async ({ input, signal }) => {
      await api.updateAccount(input, signal)
      return api.account(signal)
    },
  })
}
