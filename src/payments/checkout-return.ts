import * as v from 'valibot'

/** The hosted checkout's return: `success=true` or `false` in the address (parsed as a boolean or a string). */
export const checkoutSuccessParam = v.fallback(v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])), undefined)

/** Whether the checkout said it succeeded. */
export const checkoutSucceeded = (success: v.InferOutput<typeof checkoutSuccessParam>) => success === true || success === 'true'

/**
 * Where the hosted checkout returns (spec section 7): to the page, with `success=true` and the
 * session's id, or with `success=false` and what else the page needs to show again.
 */
export function checkoutReturnAddresses(page: string, onCancel: Record<string, string> = {}) {
  return { successUrl: `${page}?success=true&session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${page}?${new URLSearchParams({ success: 'false', ...onCancel })}` }
}
