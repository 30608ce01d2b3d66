import { fromRequest } from '../../api/request-actor'
import type { AccountsApi } from '../../api/accounts-api'
import type { AssignedLicense, AssignRequest, Stats } from '../../../common/contract'
import type { PriceId } from '../../../common/plans'

/** Where the hosted checkout returns for additional licenses: this page (spec section 7). */
export function additionalCheckoutAddresses(origin: string) {
  const page = `${origin}/account/licenses`
  return { successUrl: `${page}?success=true&session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${page}?success=false` }
}

/** Manage Licenses' I/O over the accounts API. */
export function manageLicensesActors(api: AccountsApi, origin: string) {
  return {
    loadStats: fromRequest<Stats, void>(({ signal }) => api.stats(signal)),
    loadAssigned: fromRequest<AssignedLicense[], void>(({ signal }) => api.assignedLicenses(signal)),
    assignLicense: fromRequest<AssignedLicense, AssignRequest>(({ input, signal }) => api.assign(input, signal)),
    unassignLicense: fromRequest<void, { licenseId: string }>(async ({ input, signal }) => {
      await api.unassign(input, signal)
    }),
    createCheckoutSession: fromRequest<{ url: string }, { priceId: PriceId; quantity: number }>(({ input, signal }) =>
      api.createCheckoutSession({ priceId: input.priceId, quantity: input.quantity, ...additionalCheckoutAddresses(origin) }, signal),
    ),
  }
}
