/** Model of the invitation acceptance machine for generated paths: tests, the path catalogue and coverage. */
import { invitationAcceptanceMachine } from '@/machines/invitation-acceptance.machine'
import { offer, teamAs } from '@/testkit/organisations'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** A link's secret: 43 base64url characters. */
export const secret = 'k3y_S3cr3t-0123456789abcdefghijklmnopqrstuv'

export const refusals = {
  otherAddress: 'This invitation was sent to another email address. Sign in with the address it was sent to, then open the link again.',
  memberElsewhere: 'You are a member of another organisation: leave it before you accept this invitation.',
  offline: 'There was a problem connecting to the server. Please try again.',
}

export const fixtures: ActorFixtures<typeof invitationAcceptanceMachine> = {
  loadOffer: { done: [offer], error: [new Error(refusals.otherAddress)] },
  acceptInvitation: { done: [undefined], error: [new Error(refusals.memberElsewhere)] },
  loadOrganisation: { done: [teamAs('billing-manager')], error: [new Error(refusals.offline)] },
}

export const invitationAcceptanceModel: PathPlan<typeof invitationAcceptanceMachine> = {
  name: 'invitationAcceptance',
  machine: invitationAcceptanceMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['session'],
  inputs: [{ secret }],
  events: [{ type: 'offer.reload' }, { type: 'invitation.accept' }, { type: 'invitation.decline' }, ...actorEvents(fixtures)],
}
