import * as v from 'valibot'
import { checkoutSuccessParam } from '@/src/payments/checkout-return'

/** A price id from the address: trimmed, at most 64 characters; anything else means none. */
const priceIdParam = v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))), undefined)

/** /account/purchase?pid=... */
export const purchaseSearchSchema = v.object({ pid: priceIdParam })

/** A checkout session id from the address (Stripe's are under 255 characters); anything else means none. */
const sessionIdParam = v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(255))), undefined)

/** /account/purchase/complete?success=...&session_id=...&pid=... (the checkout's return). */
export const purchaseCompleteSearchSchema = v.object({ success: checkoutSuccessParam, session_id: sessionIdParam, pid: priceIdParam })
