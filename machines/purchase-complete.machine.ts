import { assign, setup } from 'xstate'
import type { CheckoutStatus } from '../common/contract'
import { failureMessage } from './error-message'
import { notProvided } from './not-provided'

/** Where the checkout stands: the API's answer, or 'unknown' when the session is not the user's (404). */
export type CheckoutOutcome = CheckoutStatus | 'unknown'

/** How long the page waits for Stripe's webhook: 1 s, then twice as long each time, 30 s in all. */
export const fulfilmentWait = { firstMs: 1_000, totalMs: 30_000 } as const

export interface PurchaseCompleteInput {
  /** The checkout's return said success=true. */
  success: boolean
  sessionId: string | null
}

interface PurchaseCompleteContext {
  success: boolean
  sessionId: string | null
  /** Waits for the webhook so far, and their sum. */
  waits: number
  waitedMs: number
}

/** The next wait: twice the last, cut to what is left of the total. */
export const nextWaitMs = ({ waits, waitedMs }: Pick<PurchaseCompleteContext, 'waits' | 'waitedMs'>) => Math.min(fulfilmentWait.firstMs * 2 ** waits, fulfilmentWait.totalMs - waitedMs)

/**
 * The purchase completion page (spec section 2): the licenses are created by Stripe's webhook, a
 * moment after the checkout returns, so the page asks where the checkout stands and waits for it.
 */
export const purchaseCompleteMachine = setup({
  types: {
    context: {} as PurchaseCompleteContext,
    input: {} as PurchaseCompleteInput,
  },
  actors: {
    loadCheckoutStatus: notProvided<CheckoutOutcome, { sessionId: string }>('loadCheckoutStatus'),
  },
  delays: {
    pollDelay: ({ context }) => nextWaitMs(context),
  },
  actions: {
    countWait: assign(({ context }) => ({ waits: context.waits + 1, waitedMs: context.waitedMs + nextWaitMs(context) })),
    /** Logs a failed status call (spec section 8: only logged); the app provides it. */
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    returnedPaid: ({ context }) => context.success && context.sessionId !== null,
    isFulfilled: (_, params: { outcome: CheckoutOutcome }) => params.outcome === 'fulfilled',
    isProcessing: (_, params: { outcome: CheckoutOutcome }) => params.outcome === 'processing',
    waitedLongEnough: ({ context }) => context.waitedMs >= fulfilmentWait.totalMs,
  },
}).createMachine({
  id: 'purchaseComplete',
  context: ({ input }) => ({ success: input.success, sessionId: input.sessionId, waits: 0, waitedMs: 0 }),
  initial: 'checkingAddress',
  states: {
    checkingAddress: {
      description: 'The address says success=true and names the checkout session, or the purchase is incomplete.',
      meta: { requirements: ['S7.checkout-return'] },
      always: [{ guard: 'returnedPaid', target: 'checking' }, { target: 'incomplete' }],
    },
    checking: {
      description: "Progress while the checkout's status is asked; after a wait, still 'Purchase Complete' and 'Setting up your licenses…'.",
      invoke: {
        id: 'loadCheckoutStatus',
        src: 'loadCheckoutStatus',
        input: ({ context }) => ({ sessionId: context.sessionId! }),
        onDone: [
          { guard: { type: 'isFulfilled', params: ({ event }) => ({ outcome: event.output }) }, target: 'fulfilled' },
          { guard: { type: 'isProcessing', params: ({ event }) => ({ outcome: event.output }) }, target: 'processing' },
          // 'open' (not paid) or 'unknown' (not the user's checkout).
          { target: 'incomplete' },
        ],
        // The payment went through on Stripe's side: a failed status call claims no failure.
        onError: { target: 'delayed', actions: { type: 'logFailure', params: failureMessage } },
      },
    },
    processing: {
      description: "'Purchase Complete' and 'Setting up your licenses…': paid, the licenses not yet created; asks again after a wait.",
      always: { guard: 'waitedLongEnough', target: 'delayed' },
      after: { pollDelay: { target: 'checking', actions: 'countWait' } },
    },
    fulfilled: { type: 'final', description: "'Purchase Complete', the licenses are ready, and 'Go to My Licenses'.", meta: { requirements: ['S2.purchase-complete.result'] } },
    delayed: { type: 'final', description: "'Purchase Complete': the licenses are being processed and will appear in My Licenses shortly.", meta: { requirements: ['S2.purchase-complete.result'] } },
    incomplete: { type: 'final', description: "'Purchase Incomplete': not paid, or no such checkout; a way back to the purchase.", meta: { requirements: ['S2.purchase-complete.result'] } },
  },
})
