import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { PriceId } from '@/common/plans'
import type { purchaseMachine } from '@/machines/purchase.machine'
import { checkoutReturnAddresses } from '@/common/checkout-return'

/** The purchase page's I/O; the checkout returns to the purchase result page (spec section 7). */
export function purchaseActors(api: AccountsApi, origin: string) {
  return requestsFor<typeof purchaseMachine>()({
    loadProduct: ({ input, signal }) => api.product(input.priceId, signal),
    createCheckoutSession: ({ input, signal }) =>
      api.createCheckoutSession({ priceId: input.priceId as PriceId, quantity: input.quantity, ...checkoutReturnAddresses(`${origin}/account/purchase/complete`, { pid: input.priceId }) }, signal),
  })
}
