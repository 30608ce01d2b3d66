import type { InvitationOffer } from '@/common/organisation-contract'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the invitation's page holds that the person notices: the offer, and the message. */
export interface InvitationAcceptanceHeld {
  offer: InvitationOffer | null
  error: string | null
}

/** Where the invitation's page stands, in issue 30's words. */
const said = {
  loading: 'the invitation being read',
  failed: 'the invitation not read',
  offered: 'what the invitation offers shown',
  accepting: 'the invitation being accepted',
  joining: 'the new standing being read',
  accepted: 'the invitation accepted',
  declined: 'the invitation declined',
} as const
const m = 'invitationAcceptance'
/** The states of machines/invitation-acceptance.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${m}.loading`,
  [said.failed]: `${m}.failed`,
  [said.offered]: `${m}.offered`,
  [said.accepting]: `${m}.accepting`,
  [said.joining]: `${m}.joining`,
  [said.accepted]: `${m}.accepted`,
  [said.declined]: `${m}.declined`,
} satisfies Relation
const awaitedIn = { loadOffer: said.loading, acceptInvitation: said.accepting, loadOrganisation: said.joining }

/**
 * Issue 30: the link authenticates nobody; signed in, the person sees what the invitation offers
 * them (the API refuses one sent to another address, expired or revoked, in words, and the page
 * says so). Accepting makes them a member, after which their new standing is read for the sidebar
 * (the page says it was accepted either way); declining sends nothing. A refused acceptance shows
 * its message over the offer, which stays.
 */
export const invitationAcceptanceOracle: Oracle<{ secret: string }, InvitationAcceptanceHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { offer: null, error: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<InvitationAcceptanceHeld> = {}): Expected<InvitationAcceptanceHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.actor === 'loadOffer') return answer.done ? to(said.offered, { offer: answer.output as InvitationOffer, error: null }) : to(said.failed, { error: shownMessage(answer.error) })
      if (answer.actor === 'acceptInvitation') return answer.done ? to(said.joining) : to(said.offered, { error: shownMessage(answer.error) })
      return to(said.accepted)
    }
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} offer.reload`:
        return to(said.loading, { error: null })
      case `${said.offered} invitation.accept`:
        return to(said.accepting, { error: null })
      case `${said.offered} invitation.decline`:
        return to(said.declined)
      default:
        return now
    }
  },
  // Once accepted, the person's new standing reaches the session, whose sidebar follows.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'loadOrganisation', (organisation) => [{ to: 'session', event: { type: 'organisation.changed', organisation } }]),
}
