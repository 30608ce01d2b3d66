/** What the checkout's return address says (declared here: the reference shares no type with the machine). */
type PurchaseCompleteInput = { success: boolean; sessionId: string | null }
import { answerOf, onFailure, shownMessage, type Oracle, type Relation } from '@/testkit/model/oracle'

/** How long the page has waited for Stripe's webhook: the waits so far and their sum. */
export interface PurchaseCompleteHeld {
  waits: number
  waitedMs: number
}

/** The waits: 1 s, then twice as long each time, 30 s in all. */
const firstWaitMs = 1_000
const totalWaitMs = 30_000

/** Where the purchase completion page stands, in spec section 2's words and the webhook's wait. */
const said = {
  checking: 'where the checkout stands being asked',
  settingUp: 'paid, Setting up your licenses…',
  ready: 'Purchase Complete, the licenses ready',
  onTheirWay: 'Purchase Complete, the licenses on their way',
  incomplete: 'Purchase Incomplete',
} as const
const p = 'purchaseComplete'
/**
 * The states of machines/purchase-complete.machine.ts that realise each of the oracle's (decision
 * 0061): reading the address as the page starts, before anything is said, reads as the asking.
 */
export const relation = {
  [said.checking]: [`${p}.checkingAddress`, `${p}.checking`],
  [said.settingUp]: `${p}.processing`,
  [said.ready]: `${p}.fulfilled`,
  [said.onTheirWay]: `${p}.delayed`,
  [said.incomplete]: `${p}.incomplete`,
} satisfies Relation

/** Where the status call's answer is awaited; an answer anywhere else changes nothing. */
const awaitedIn = { loadCheckoutStatus: said.checking }

/** A failed status call is logged (spec section 8: only logged, the page claims no failure): an effect (decision 0076). */
export const logged = (message: string) => `'${message}' logged`

/**
 * Spec section 2: success=true shows 'Purchase Complete', anything else 'Purchase Incomplete'.
 * Our addition: the licenses come from Stripe's webhook, so a paid return asks where the checkout
 * stands until it is fulfilled or 30 s have passed; an open checkout, or one that is not the
 * user's, is incomplete; a failed status call claims no failure (the licenses are on their way).
 */
export const purchaseCompleteOracle: Oracle<PurchaseCompleteInput, PurchaseCompleteHeld> = {
  relation,
  start: (input) => ({ state: input.success && input.sessionId !== null ? said.checking : said.incomplete, held: { waits: 0, waitedMs: 0 } }),
  after: (now, event) => {
    const to = (state: string) => ({ state, held: now.held })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(said.onTheirWay)
      if (answer.output === 'fulfilled') return to(said.ready)
      if (answer.output === 'processing') return to(now.held.waitedMs >= totalWaitMs ? said.onTheirWay : said.settingUp)
      return to(said.incomplete)
    }
    if (now.state === said.settingUp && event.type.startsWith('xstate.after.')) {
      const { waits, waitedMs } = now.held
      return { state: said.checking, held: { waits: waits + 1, waitedMs: waitedMs + Math.min(firstWaitMs * 2 ** waits, totalWaitMs - waitedMs) } }
    }
    return now
  },
  effects: (now, event) => onFailure(event, now.state, awaitedIn, (error) => [logged(shownMessage(error))]),
}
