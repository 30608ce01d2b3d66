import { fromRequest } from '../../api/request-actor'
import type { AccountsApi } from '../../api/accounts-api'
import type { PriceId } from '../../../common/plans'
import type { Product } from '../../../common/contract'

/** Where the hosted checkout returns: the purchase result page (spec section 7). */
export function checkoutAddresses(origin: string, priceId: string) {
  const complete = `${origin}/account/purchase/complete`
  return {
    successUrl: `${complete}?success=true&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${complete}?${new URLSearchParams({ success: 'false', pid: priceId })}`,
  }
}

export function purchaseActors(api: AccountsApi, origin: string) {
  return {
    loadProduct: fromRequest<Product, { priceId: string }>(({ input, signal }) => api.product(input.priceId, signal)),
    createCheckoutSession: fromRequest<{ url: string }, { priceId: string; quantity: number }>(({ input, signal }) =>
      api.createCheckoutSession({ priceId: input.priceId as PriceId, quantity: input.quantity, ...checkoutAddresses(origin, input.priceId) }, signal),
    ),
  }
}
