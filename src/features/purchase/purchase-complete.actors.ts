import type { purchaseCompleteMachine } from '@/machines/purchase-complete.machine'
import type { AccountsApi } from '@/src/api/accounts-api'
import { ApiError } from '@/src/api/errors'
import { requestsFor } from '@/src/api/request-actor'

/** The purchase completion page's I/O: where the checkout stands. */
export function purchaseCompleteActors(api: AccountsApi) {
  return requestsFor<typeof purchaseCompleteMachine>()({
    loadCheckoutStatus: async ({ input, signal }) => {
      try {
        return (await api.checkoutStatus(input.sessionId, signal)).status
      } catch (error) {
        // 404: a made-up session id, or someone else's. That is an answer, not a failure.
        if (error instanceof ApiError && error.status === 404) return 'unknown'
        throw error
      }
    },
  })
}

/** The line a failed status call logs (the page claims no failure: the payment went through). */
export function logCheckoutStatusFailure(message: string) {
  console.error(`The checkout's status could not be read: ${message}`)
}
