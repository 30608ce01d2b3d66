import * as v from 'valibot'

/** The hosted checkout's return: `success=true` or `false` in the address (parsed as a boolean or a string). */
export const checkoutSuccessParam = v.fallback(v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])])), undefined)

/** Whether the checkout said it succeeded. */
export const checkoutSucceeded = (success: v.InferOutput<typeof checkoutSuccessParam>) => success === true || success === 'true'
