import type { EventObject } from 'xstate'
import type { Renewal } from '@/common/billing-contract'
import { answerOf, shownMessage, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the renewal panel holds: the renewals, the message, the subscription whose seats are being chosen, and the changes sent. */
export interface RenewalHeld {
  renewals: Renewal[]
  error: string | null
  changing: Renewal | null
  request: { subscriptionId: string; seats: number } | null
  switching: { subscriptionId: string; autoRenew: boolean } | null
}

/** Where the renewal panel stands, in issue 31's words. */
const said = {
  loading: 'the renewals loading',
  failed: 'the renewals not loaded',
  shown: 'the renewals shown',
  choosing: 'seats for the next period being chosen',
  sending: 'the seats for the next period being sent',
  switching: 'Auto-renew being switched',
} as const
const m = 'renewal'
/** The states of machines/renewal.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${m}.loading`,
  [said.failed]: `${m}.failed`,
  [said.shown]: `${m}.ready.idle`,
  [said.choosing]: `${m}.ready.seats.editing`,
  [said.sending]: `${m}.ready.seats.sending`,
  [said.switching]: `${m}.ready.switching`,
} satisfies Relation
const awaitedIn = { loadRenewals: said.loading, setRenewalSeats: said.sending, setAutoRenew: said.switching }

/**
 * Issue 31's renewal without surprises: the renewals load (a failure shows its message with Try
 * again); seats for the next period are chosen for a subscription that renews, from the seats
 * assigned (at least 1) to the seats there are, in a dialog that stays open with its message on a
 * refusal and cannot be closed while it sends; Auto-renew is switched the other way for a listed subscription.
 * Each answer replaces that subscription's renewal.
 */
export const renewalOracle: Oracle<void, RenewalHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { renewals: [], error: null, changing: null, request: null, switching: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<RenewalHeld> = {}): Expected<RenewalHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) {
        const back = { loadRenewals: said.failed, setRenewalSeats: said.choosing, setAutoRenew: said.shown }[answer.actor]!
        return to(back, { error: shownMessage(answer.error), request: null, switching: null })
      }
      if (answer.actor === 'loadRenewals') return to(said.shown, { renewals: answer.output as Renewal[], error: null })
      const renewal = answer.output as Renewal
      const renewals = now.held.renewals.map((candidate) => (candidate.subscriptionId === renewal.subscriptionId ? renewal : candidate))
      return to(said.shown, { renewals, error: null, changing: null, request: null, switching: null })
    }
    const { subscriptionId, seats, autoRenew } = event as EventObject & { subscriptionId?: string; seats?: number; autoRenew?: boolean }
    const listed = now.held.renewals.find((renewal) => renewal.subscriptionId === subscriptionId)
    if (event.type === 'dialog.close' && now.state === said.choosing) return to(said.shown, { changing: null, request: null, error: null })
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} renewals.reload`:
        return to(said.loading, { error: null })
      case `${said.shown} seats.open`:
        return listed?.autoRenew ? to(said.choosing, { changing: listed, error: null }) : now
      case `${said.shown} autoRenew.set`:
        return listed && listed.autoRenew !== autoRenew ? to(said.switching, { switching: { subscriptionId: subscriptionId!, autoRenew: autoRenew! }, error: null }) : now
      case `${said.choosing} seats.submit`: {
        const changing = now.held.changing!
        const allowed = Number.isInteger(seats) && seats! >= Math.max(1, changing.assigned) && seats! <= changing.seats
        return allowed ? to(said.sending, { request: { subscriptionId: changing.subscriptionId, seats: seats! }, error: null }) : now
      }
      default:
        return now
    }
  },
}
