import type { invoiceOrderMachine } from '@/machines/invoice-order.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { asFieldRefusal } from '@/src/api/field-refusal'
import { requestsFor } from '@/src/api/request-actor'

/** Paying by invoice's I/O: POST the order; a refused tax ID comes back as a field refusal. */
export function invoiceOrderActors(api: AccountsApi) {
  return requestsFor<typeof invoiceOrderMachine>()({
    payByInvoice: ({ input, signal }) =>
      api.payByInvoice(input, signal).catch((error: unknown) => {
        throw asFieldRefusal(error)
      }),
  })
}
