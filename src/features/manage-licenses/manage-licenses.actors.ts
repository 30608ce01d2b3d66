import { fromPromise } from 'xstate'
import type { AccountsApi } from '../../api/accounts-api'
import type { AssignedLicense, AssignRequest, Stats } from '../../api/contract'
import type { PriceId } from '../../content/plans'

/** Where the hosted checkout returns for additional licenses: this page (spec section 7). */
export function additionalCheckoutAddresses(origin: string) {
  const page = `${origin}/account/licenses`
  return { successUrl: `${page}?success=true&session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${page}?success=false` }
}

/** Manage Licenses' I/O over the accounts API. */
export function manageLicensesActors(api: AccountsApi, origin: string) {
  return {
    loadStats: fromPromise<Stats, void>(({ signal }) => api.stats(signal)),
    loadAssigned: fromPromise<AssignedLicense[], void>(({ signal }) => api.assignedLicenses(signal)),
    assignLicense: fromPromise<AssignedLicense, AssignRequest>(({ input, signal }) => api.assign(input, signal)),
    unassignLicense: fromPromise<void, { licenseId: string }>(async ({ input, signal }) => {
      await api.unassign(input, signal)
    }),
    createCheckoutSession: fromPromise<{ url: string }, { priceId: PriceId; quantity: number }>(({ input, signal }) =>
      api.createCheckoutSession({ priceId: input.priceId, quantity: input.quantity, ...additionalCheckoutAddresses(origin) }, signal),
    ),
  }
}
