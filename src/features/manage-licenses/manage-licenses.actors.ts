import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { asFieldRefusal } from '@/src/api/field-refusal'
import { checkoutReturnAddresses } from '@/common/checkout-return'

/** Manage Licenses' I/O over the accounts API; the checkout for additional licenses returns to this page (spec section 7). */
export function manageLicensesActors(api: AccountsApi, origin: string) {
  return requestsFor<typeof manageLicensesMachine>()({
    loadStats: ({ signal }) => api.stats(signal),
    loadAssigned: ({ signal }) => api.assignedLicenses(signal),
    assignLicense: ({ input, signal }) => api.assign(input, signal),
    unassignLicense: async ({ input, signal }) => {
      await api.unassign(input, signal)
    },
    addSeatsByInvoice: ({ input, signal }) =>
      api.addSeatsByInvoice(input, signal).catch((error: unknown) => {
        throw asFieldRefusal(error)
      }),
    createCheckoutSession: ({ input, signal }) => api.createCheckoutSession({ priceId: input.priceId, quantity: input.quantity, ...checkoutReturnAddresses(`${origin}/account/licenses`) }, signal),
  })
}
