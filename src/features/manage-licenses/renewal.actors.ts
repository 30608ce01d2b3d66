import type { renewalMachine } from '@/machines/renewal.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { requestsFor } from '@/src/api/request-actor'

/** The renewal panel's I/O: GET /api/renewals, and the seats and auto-renew of one subscription's renewal. */
export function renewalActors(api: AccountsApi) {
  return requestsFor<typeof renewalMachine>()({
    loadRenewals: ({ signal }) => api.renewals(signal),
    setRenewalSeats: ({ input, signal }) => api.setRenewalSeats(input.subscriptionId, { seats: input.seats }, signal),
    setAutoRenew: ({ input, signal }) => api.setAutoRenew(input.subscriptionId, { autoRenew: input.autoRenew }, signal),
  })
}
