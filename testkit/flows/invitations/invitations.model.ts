/** Model of the invitations machine for generated paths: tests, the path catalogue and coverage. */
import type { Invitation } from '@/common/organisation-contract'
import { invitationsMachine } from '@/machines/invitations.machine'
import { expiredInvitation, pendingInvitation, refusals } from '@/testkit/organisations'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** Sent from the dialog to Finn, a billing manager. */
export const finnInvitation: Invitation = {
  ...pendingInvitation,
  id: 'inv_finn',
  email: 'finn@example.com',
  role: 'billing-manager',
  createdAt: '2026-11-25T12:00:00.000Z',
  expiresAt: '2026-12-09T12:00:00.000Z',
}
/** Eve's expired invitation sent again: a new link, 14 more days. */
export const eveAgain: Invitation = { ...expiredInvitation, expiresAt: '2026-12-09T12:00:00.000Z', status: 'pending' }

export const finnDraft = { email: 'finn@example.com', role: 'billing-manager' }
export const badDraft = { email: 'finn@', role: 'billing-manager' }

export const fixtures: ActorFixtures<typeof invitationsMachine> = {
  loadInvitations: { done: [[pendingInvitation, expiredInvitation], []], error: [new Error(refusals.offline)] },
  invite: { done: [finnInvitation], error: [new Error(refusals.invitedAlready)] },
  resendInvitation: { done: [eveAgain], error: [new Error(refusals.invitationGone)] },
  revokeInvitation: { done: [undefined], error: [new Error(refusals.invitationGone)] },
}

export const invitationsModel: PathPlan<typeof invitationsMachine> = {
  name: 'invitations',
  machine: invitationsMachine,
  actors: Object.keys(fixtures),
  events: [
    { type: 'invitations.reload' },
    { type: 'notice.dismiss' },
    { type: 'dialog.close' },
    { type: 'invite.open' },
    { type: 'invite.submit', draft: finnDraft },
    { type: 'invite.submit', draft: badDraft },
    { type: 'invitation.resend', invitation: expiredInvitation },
    { type: 'revoke.request', invitation: pendingInvitation },
    { type: 'revoke.confirm' },
    ...actorEvents(fixtures),
  ],
  serialize: (snapshot) => ({
    value: snapshot.value,
    invitations: snapshot.context.invitations.map((invitation) => `${invitation.id}:${invitation.expiresAt}`),
    error: snapshot.context.error,
    notice: snapshot.context.notice,
    invitation: snapshot.context.invitation?.id ?? null,
  }),
}
