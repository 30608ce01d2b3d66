/** What the checkout's return address says (declared here: the reference shares no type with the machine). */
type PurchaseCompleteInput = { success: boolean; sessionId: string | null }
import { answerOf, type Oracle } from '@/testkit/model/oracle'

/** How long the page has waited for Stripe's webhook: the waits so far and their sum. */
export interface PurchaseCompleteHeld {
  waits: number
  waitedMs: number
}

/** The waits: 1 s, then twice as long each time, 30 s in all. */
const firstWaitMs = 1_000
const totalWaitMs = 30_000

/**
 * Spec section 2: success=true shows 'Purchase Complete', anything else 'Purchase Incomplete'.
 * Our addition: the licenses come from Stripe's webhook, so a paid return asks where the checkout
 * stands until it is fulfilled or 30 s have passed; an open checkout, or one that is not the
 * user's, is incomplete; a failed status call claims no failure (the licenses are on their way).
 */
export const purchaseCompleteOracle: Oracle<PurchaseCompleteInput, PurchaseCompleteHeld> = {
  start: (input) => ({ state: input.success && input.sessionId !== null ? 'purchaseComplete.checking' : 'purchaseComplete.incomplete', held: { waits: 0, waitedMs: 0 } }),
  after: (now, event) => {
    const to = (state: string) => ({ state, held: now.held })
    const answer = answerOf(event, now.state, { loadCheckoutStatus: 'purchaseComplete.checking' })
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to('purchaseComplete.delayed')
      if (answer.output === 'fulfilled') return to('purchaseComplete.fulfilled')
      if (answer.output === 'processing') return to(now.held.waitedMs >= totalWaitMs ? 'purchaseComplete.delayed' : 'purchaseComplete.processing')
      return to('purchaseComplete.incomplete')
    }
    if (now.state === 'purchaseComplete.processing' && event.type.startsWith('xstate.after.')) {
      const { waits, waitedMs } = now.held
      return { state: 'purchaseComplete.checking', held: { waits: waits + 1, waitedMs: waitedMs + Math.min(firstWaitMs * 2 ** waits, totalWaitMs - waitedMs) } }
    }
    return now
  },
}
