import Stripe from 'stripe'
import { Refusal } from '../kernel/refusal'
import { log } from '../log'
import { IdempotencyConflictError, PaymentBusyError, PaymentDeclinedError, PaymentUnavailableError } from './errors'

/** Stripe's reference to an object: its id, or the object expanded. */
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/** Stripe answered that there is no such object. */
export const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404

/** Stripe's refusals that are the customer's to fix become PaymentDeclinedError; the rest stay as they are. */
export async function refusalsAsDeclines<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message, error.decline_code ?? error.code ?? 'card_declined')
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && error.param === 'payment_method')
      throw new PaymentDeclinedError('No such payment method.', 'resource_missing')
    throw error
  }
}

/** Stripe's errors the API answers in its own words become the portal's payment errors (errors.ts). */
function portalError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new IdempotencyConflictError(error.message)
  // Stripe's own rate limit, still met after the SDK's retries: the caller slows down, as at our cap.
  if (error instanceof Stripe.errors.StripeRateLimitError) return new PaymentBusyError(1)
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) return new PaymentUnavailableError(error.type, error.message)
  // Stripe refused a value the request carried: the catalogue's 422, never a 500; the log keeps what Stripe said (issue 48).
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param && error.statusCode !== 404) {
    log.warn({ stripe: { param: error.param, code: error.code, message: error.message } }, 'Stripe refused a parameter')
    return new Refusal('invalid', "The information provided couldn't be processed. Please check your entries and try again.")
  }
  return error
}

type Calls = Record<string, (...args: never[]) => Promise<unknown>>

/** The same calls, each answering the portal's errors instead of Stripe's. */
export function inPortalTerms<T extends Calls>(calls: T): T {
  const wrapped: Calls = {}
  for (const [name, call] of Object.entries(calls))
    wrapped[name] = (...args) =>
      call(...args).catch((error: unknown) => {
        throw portalError(error)
      })
  return wrapped as T
}
