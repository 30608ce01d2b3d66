import type { EventObject } from 'xstate'
import { answerOf, shownMessage, type Oracle } from '@/testkit/model/oracle'

/** What Billing holds: the page to come back to, and why the portal did not open. */
export interface BillingPortalHeld {
  returnUrl: string
  error: string | null
}

/**
 * Spec sections 2 and 7: Billing asks for a customer portal session that returns to the current
 * page, then the user navigates to its address. Our addition: a refusal is shown until dismissed
 * or Billing is clicked again.
 */
export const billingPortalOracle: Oracle<void, BillingPortalHeld> = {
  start: () => ({ state: 'billingPortal.idle', held: { returnUrl: '', error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { createPortalSession: 'billingPortal.opening' })
    if (answer) {
      if (!answer.awaited) return now
      return answer.done ? { state: 'billingPortal.leaving', held: now.held } : { state: 'billingPortal.idle', held: { ...now.held, error: shownMessage(answer.error) } }
    }
    if (now.state !== 'billingPortal.idle') return now
    if (event.type === 'portal.open') return { state: 'billingPortal.opening', held: { returnUrl: (event as EventObject & { returnUrl: string }).returnUrl, error: null } }
    if (event.type === 'error.dismiss') return { state: now.state, held: { ...now.held, error: null } }
    return now
  },
}
