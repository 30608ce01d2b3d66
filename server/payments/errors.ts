/** The payment provider's answers the portal acts on, in the portal's own words (server/api/error-mapping.ts answers each). */

/** A refusal that is the customer's to fix (a declined card, no card on file, an unknown payment method): 402 with its message. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
    this.name = 'PaymentDeclinedError'
  }
}

/** The provider could not be reached or was busy (its SDK has already retried): 503, try again later. */
export class PaymentUnavailableError extends Error {
  constructor(
    /** The provider's kind of failure, for the log. */
    readonly type: string,
    message: string,
  ) {
    super(message)
    this.name = 'PaymentUnavailableError'
  }
}

/** An idempotency key already used for a request with other details: 409. */
export class IdempotencyConflictError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IdempotencyConflictError'
  }
}

/** Stripe, or this process's cap on calls to it (stripe-slots.ts), asks for calls to slow down: 429, try again in a moment. */
export class PaymentBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Payments are busy right now. Please wait a moment and try again.')
    this.name = 'PaymentBusyError'
  }
}

/** The request a call to Stripe was for has ended (its client went away): nothing more is asked of Stripe for it. */
export class CallerGoneError extends Error {
  constructor() {
    super('The request was abandoned before Stripe was asked.')
    this.name = 'CallerGoneError'
  }
}
