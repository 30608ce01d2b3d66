import * as v from 'valibot'
import { fieldRefusalSchema } from '@/common/billing-contract'
import type { invoicesMachine } from '@/machines/invoices.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { ApiError } from '@/src/api/errors'
import { requestsFor } from '@/src/api/request-actor'

/** The API's refusal of one field (422 `{ message, field }`) as the machine tells it apart; any other failure as it is. */
export function asFieldRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.failure.kind !== 'http' || error.failure.status !== 422) return error
  try {
    const parsed = v.safeParse(fieldRefusalSchema, JSON.parse(error.failure.body))
    return parsed.success ? Object.assign(new Error(parsed.output.message), { field: parsed.output.field }) : error
  } catch {
    return error
  }
}

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
