import type { EventObject } from 'xstate'
import type { Renewal } from '@/common/billing-contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the renewal panel holds: the renewals, the message, the subscription whose seats are being chosen, and the changes sent. */
export interface RenewalHeld {
  renewals: Renewal[]
  error: string | null
  changing: Renewal | null
  request: { subscriptionId: string; seats: number } | null
  switching: { subscriptionId: string; autoRenew: boolean } | null
}

const at = 'renewal'
const ready = `${at}.ready`
const awaitedIn = { loadRenewals: `${at}.loading`, setRenewalSeats: `${ready}.seats.sending`, setAutoRenew: `${ready}.switching` }

/**
 * Issue 31's renewal without surprises: the renewals load (a failure shows its message with Try
 * again); seats for the next period are chosen for a subscription that renews, from the seats
 * assigned (at least 1) to the seats there are, in a dialog that stays open with its message on a
 * refusal and cannot be closed while it sends; Auto-renew is switched the other way for a listed subscription.
 * Each answer replaces that subscription's renewal.
 */
export const renewalOracle: Oracle<void, RenewalHeld> = {
  start: () => ({ state: `${at}.loading`, held: { renewals: [], error: null, changing: null, request: null, switching: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<RenewalHeld> = {}): Expected<RenewalHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) {
        const back = { loadRenewals: `${at}.failed`, setRenewalSeats: `${ready}.seats.editing`, setAutoRenew: `${ready}.idle` }[answer.actor]!
        return to(back, { error: shownMessage(answer.error), request: null, switching: null })
      }
      if (answer.actor === 'loadRenewals') return to(`${ready}.idle`, { renewals: answer.output as Renewal[], error: null })
      const renewal = answer.output as Renewal
      const renewals = now.held.renewals.map((candidate) => (candidate.subscriptionId === renewal.subscriptionId ? renewal : candidate))
      return to(`${ready}.idle`, { renewals, error: null, changing: null, request: null, switching: null })
    }
    const { subscriptionId, seats, autoRenew } = event as EventObject & { subscriptionId?: string; seats?: number; autoRenew?: boolean }
    const listed = now.held.renewals.find((renewal) => renewal.subscriptionId === subscriptionId)
    if (event.type === 'dialog.close' && now.state === `${ready}.seats.editing`) return to(`${ready}.idle`, { changing: null, request: null, error: null })
    switch (`${now.state} ${event.type}`) {
      case `${at}.failed renewals.reload`:
        return to(`${at}.loading`, { error: null })
      case `${ready}.idle seats.open`:
        return listed?.autoRenew ? to(`${ready}.seats.editing`, { changing: listed, error: null }) : now
      case `${ready}.idle autoRenew.set`:
        return listed && listed.autoRenew !== autoRenew ? to(`${ready}.switching`, { switching: { subscriptionId: subscriptionId!, autoRenew: autoRenew! }, error: null }) : now
      case `${ready}.seats.editing seats.submit`: {
        const changing = now.held.changing!
        const allowed = Number.isInteger(seats) && seats! >= Math.max(1, changing.assigned) && seats! <= changing.seats
        return allowed ? to(`${ready}.seats.sending`, { request: { subscriptionId: changing.subscriptionId, seats: seats! }, error: null }) : now
      }
      default:
        return now
    }
  },
}
