import { requestsFor } from '@/src/api/request-actor'
import type { sessionMachine } from '@/machines/session.machine'
import type { billingPortalMachine } from '@/machines/billing-portal.machine'
import type { AccountsApi } from '@/src/api/accounts-api'

/** The session's and the billing portal's I/O over the accounts API: the account, the caller's organisation and My Licenses' first page load side by side. */
export function accountShellActors(api: AccountsApi) {
  return {
    ...requestsFor<typeof sessionMachine>()({
      loadAccount: ({ input, signal }) => api.login(input, signal),
      loadOrganisation: ({ signal }) => api.organisation(signal),
      loadLicenses: ({ signal }) => api.licenses(signal),
    }),
    ...requestsFor<typeof billingPortalMachine>()({ createPortalSession: ({ input, signal }) => api.createPortalSession(input.returnUrl, signal) }),
  }
}
