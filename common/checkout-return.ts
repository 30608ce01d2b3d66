/** The pages Stripe's hosted checkout returns to (spec section 7): more seats, or a new purchase. */
export const checkoutReturnPages = ['/account/licenses', '/account/purchase/complete'] as const
export type CheckoutReturnPage = (typeof checkoutReturnPages)[number]

/**
 * Where the hosted checkout returns (spec section 7): to the page, with `success=true` and the
 * session's id, or with `success=false` and what else the page needs to show again. The SPA sends
 * them; the server builds its own from the site's origin and the page alone (issue 48).
 */
export function checkoutReturnAddresses(page: string, onCancel: Record<string, string> = {}) {
  return { successUrl: `${page}?success=true&session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${page}?${new URLSearchParams({ success: 'false', ...onCancel })}` }
}
