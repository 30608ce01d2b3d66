import type { EventObject } from 'xstate'
import { answerOf, onAnswer, shownMessage, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What Billing holds: the page to come back to, and why the portal did not open. */
export interface BillingPortalHeld {
  returnUrl: string
  error: string | null
}

/** Where Billing stands, in spec sections 2 and 7's words (Billing opens the customer portal instead of navigating). */
const said = {
  atHand: 'Billing in the sidebar',
  asking: 'the customer portal session being asked for',
  leaving: 'on the way to the customer portal',
} as const
const b = 'billingPortal'
/** The states of machines/billing-portal.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.atHand]: `${b}.idle`,
  [said.asking]: `${b}.opening`,
  [said.leaving]: `${b}.leaving`,
} satisfies Relation

const awaitedIn = { createPortalSession: said.asking }
/** The user navigates to the portal session's address (an effect: decision 0076). */
export const leavesFor = (url: string) => `the browser leaves for ${url}`

/**
 * Spec sections 2 and 7: Billing asks for a customer portal session that returns to the current
 * page, then the user navigates to its address. Our addition: a refusal is shown until dismissed
 * or Billing is clicked again.
 */
export const billingPortalOracle: Oracle<void, BillingPortalHeld> = {
  relation,
  start: () => ({ state: said.atHand, held: { returnUrl: '', error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      return answer.done ? { state: said.leaving, held: now.held } : { state: said.atHand, held: { ...now.held, error: shownMessage(answer.error) } }
    }
    if (now.state !== said.atHand) return now
    if (event.type === 'portal.open') return { state: said.asking, held: { returnUrl: (event as EventObject & { returnUrl: string }).returnUrl, error: null } }
    if (event.type === 'error.dismiss') return { state: now.state, held: { ...now.held, error: null } }
    return now
  },
  effects: (now, event) => onAnswer(event, now.state, awaitedIn, 'createPortalSession', (session) => [leavesFor((session as { url: string }).url)]),
}
