import type { invoicesMachine } from '@/machines/invoices.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { asFieldRefusal } from '@/src/api/field-refusal'
import { requestsFor } from '@/src/api/request-actor'

/** Invoices and company's I/O: the invoices and the details at once; PUT the details. */
export function invoicesActors(api: AccountsApi) {
  return requestsFor<typeof invoicesMachine>()({
    loadPapers: async ({ signal }) => {
      const [invoices, company] = await Promise.all([api.invoices(signal), api.companyDetails(signal)])
      return { invoices, company }
    },
    saveCompany: ({ input, signal }) =>
      api.saveCompanyDetails(input, signal).catch((error: unknown) => {
        throw asFieldRefusal(error)
      }),
  })
}
