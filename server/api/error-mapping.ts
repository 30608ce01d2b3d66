import type { Context } from 'hono'
import { isDatabaseBusy } from '../db/postgres'
import { Refusal } from '../kernel/refusal'
import { requestIdOf } from '../http/request-log'
import { log } from '../log'
import { CallerGoneError, IdempotencyConflictError, PaymentBusyError, PaymentDeclinedError, PaymentUnavailableError } from '../payments/errors'
import type { Env } from './context'
import { isUnparsableJson, unparsableJson } from './json-body'
import { Problem } from './problems'
import { TenantUnavailableError } from './token-verifier'

/** The catalogue status of each refusal of the licensing domain. */
const refusalStatus = { 'bad-request': 400, forbidden: 403, 'not-found': 404, conflict: 409, invalid: 422 } as const

/** PostgreSQL's 'invalid byte sequence' and 'untranslatable character' errors. */
function isUnstorableText(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return code === '22021' || code === '22P05'
}

/** Every failure as JSON `{ message }` with the status of the error catalogue (spec section 8). */
export function answerError(error: Error, c: Context<Env>) {
  if (error instanceof Problem) return c.json({ message: error.message }, error.status, error.headers)
  if (error instanceof Refusal) return c.json({ message: error.message, ...(error.field ? { field: error.field } : {}) }, refusalStatus[error.reason])
  if (isUnparsableJson(error)) return c.json({ message: unparsableJson }, 400)
  // The tenant's keys could not be fetched: nobody's sign-in can be checked for now.
  if (error instanceof TenantUnavailableError) {
    log.warn({ err: { message: error.message, cause: String(error.cause) } }, 'tenant unavailable')
    return c.json({ message: error.message }, 503, error.headers)
  }
  // The payment provider refused (a declined card, no card on file, an unknown payment method).
  if (error instanceof PaymentDeclinedError) return c.json({ message: error.message }, 402)
  // Stripe, or this process's cap on calls to it, asks for calls to slow down: try again in a moment.
  if (error instanceof PaymentBusyError) return c.json({ message: error.message }, 429, { 'Retry-After': String(error.retryAfterSeconds) })
  // The client went away while the call waited for Stripe: no one reads the answer (nginx's 499).
  if (error instanceof CallerGoneError) return c.json({ message: error.message }, 499 as 400)
  // A value the database cannot hold that the contract let through is still the client's fault.
  if (isUnstorableText(error)) return c.json({ message: 'The request holds characters that cannot be stored.' }, 400)
  // The request id names the log line of the failure, for support.
  const requestId = c.env?.incoming ? requestIdOf(c.env.incoming) : undefined
  // The client's Idempotency-Key was already used for a request with other details.
  if (error instanceof IdempotencyConflictError) return c.json({ message: 'This Idempotency-Key was already used for a different request.' }, 409)
  // A statement past its timeout, or no connection free in time (server/db/postgres.ts): busy, not broken.
  if (isDatabaseBusy(error)) {
    log.warn({ requestId, err: { message: error.message } }, 'database busy')
    return c.json({ message: 'The server is busy right now. Please try again in a moment.', requestId }, 503, { 'Retry-After': '1' })
  }
  // The payment provider could not be reached or was busy: try again later.
  if (error instanceof PaymentUnavailableError) {
    log.error({ requestId, err: { type: error.type, message: error.message } }, 'payment provider unavailable')
    return c.json({ message: 'The payment provider could not be reached. Please try again in a moment.', requestId }, 503)
  }
  log.error({ requestId, err: error }, 'accounts API error')
  return c.json({ message: 'The server could not complete the request.', requestId }, 500)
}
