import type { quotesMachine } from '@/machines/quotes.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { asFieldRefusal } from '@/src/api/field-refusal'
import { requestsFor } from '@/src/api/request-actor'

/** Quotes' I/O: the list, a request (a refused tax ID comes back as a field refusal), an acceptance, a PDF. */
export function quotesActors(api: AccountsApi) {
  return requestsFor<typeof quotesMachine>()({
    loadQuotes: ({ signal }) => api.quotes(signal),
    requestQuote: ({ input, signal }) =>
      api.requestQuote(input, signal).catch((error: unknown) => {
        throw asFieldRefusal(error)
      }),
    acceptQuote: ({ input, signal }) => api.acceptQuote(input.quoteId, signal),
    downloadQuotePdf: ({ input, signal }) => api.quotePdf(input.quoteId, signal),
  })
}
