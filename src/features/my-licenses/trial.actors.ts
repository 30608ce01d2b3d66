import type { trialMachine } from '@/machines/trial.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { requestsFor } from '@/src/api/request-actor'

/** The trial's I/O: start it, extend it (decision 0047). */
export function trialActors(api: AccountsApi) {
  return requestsFor<typeof trialMachine>()({
    startTrial: ({ signal }) => api.startTrial(signal),
    extendTrial: ({ signal }) => api.extendTrial(signal),
  })
}
