import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { activityMachine } from '@/machines/activity.machine'

/** Entries a page of Recent activity holds. */
export const activityPageSize = 10

/** Recent activity's I/O over the accounts API: GET /api/account/activity, a page before a cursor. */
export function activityActors(api: AccountsApi) {
  return requestsFor<typeof activityMachine>()({
    loadActivity: ({ input, signal }) => api.activity({ before: input.before, limit: activityPageSize }, signal),
  })
}
