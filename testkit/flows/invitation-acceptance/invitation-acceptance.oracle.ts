import type { InvitationOffer } from '@/common/organisation-contract'
import { answerOf, shownMessage, toldOnAnswer, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the invitation's page holds that the person notices: the offer, and the message. */
export interface InvitationAcceptanceHeld {
  offer: InvitationOffer | null
  error: string | null
}

const at = 'invitationAcceptance'
const awaitedIn = { loadOffer: `${at}.loading`, acceptInvitation: `${at}.accepting`, loadOrganisation: `${at}.joining` }

/**
 * Issue 30: the link authenticates nobody; signed in, the person sees what the invitation offers
 * them (the API refuses one sent to another address, expired or revoked, in words, and the page
 * says so). Accepting makes them a member, after which their new standing is read for the sidebar
 * (the page says it was accepted either way); declining sends nothing. A refused acceptance shows
 * its message over the offer, which stays.
 */
export const invitationAcceptanceOracle: Oracle<{ secret: string }, InvitationAcceptanceHeld> = {
  start: () => ({ state: `${at}.loading`, held: { offer: null, error: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<InvitationAcceptanceHeld> = {}): Expected<InvitationAcceptanceHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.actor === 'loadOffer') return answer.done ? to(`${at}.offered`, { offer: answer.output as InvitationOffer, error: null }) : to(`${at}.failed`, { error: shownMessage(answer.error) })
      if (answer.actor === 'acceptInvitation') return answer.done ? to(`${at}.joining`) : to(`${at}.offered`, { error: shownMessage(answer.error) })
      return to(`${at}.accepted`)
    }
    switch (`${now.state} ${event.type}`) {
      case `${at}.failed offer.reload`:
        return to(`${at}.loading`, { error: null })
      case `${at}.offered invitation.accept`:
        return to(`${at}.accepting`, { error: null })
      case `${at}.offered invitation.decline`:
        return to(`${at}.declined`)
      default:
        return now
    }
  },
  // Once accepted, the person's new standing reaches the session, whose sidebar follows.
  tells: (now, event) => toldOnAnswer(event, now.state, awaitedIn, 'loadOrganisation', (organisation) => [{ to: 'session', event: { type: 'organisation.changed', organisation } }]),
}
