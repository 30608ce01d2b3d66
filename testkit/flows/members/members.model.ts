/** Model of the members machine for generated paths: tests, the path catalogue and coverage. */
import { membersMachine } from '@/machines/members.machine'
import { acceptedByCara, bea, cara, noOrganisation, offeredToBea, offeredToCara, refusals, team } from '@/testkit/organisations'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** Bea made a seat manager. */
export const beaSeats = { ...bea, role: 'seat-manager' as const }

export const fixtures: ActorFixtures<typeof membersMachine> = {
  // Cara as the owner of the three of them; or as a seat manager whom Bea, the owner, offers the ownership;
  // or in no organisation (the API's answer when her own has members and she is in none): nothing to leave.
  loadOrganisation: { done: [team, offeredToCara, noOrganisation], error: [new Error(refusals.offline)] },
  changeRole: { done: [beaSeats], error: [new Error(refusals.lastOwnerRole)] },
  removeMember: { done: [undefined], error: [new Error(refusals.lastOwnerLeaves), new Error(refusals.memberGone)] },
  offerTransfer: { done: [offeredToBea], error: [new Error(refusals.offerWaiting)] },
  withdrawTransfer: { done: [undefined], error: [new Error(refusals.offerGone)] },
  acceptTransfer: { done: [acceptedByCara], error: [new Error(refusals.offerVoid)] },
  declineTransfer: { done: [undefined], error: [new Error(refusals.offline)] },
}

export const membersModel: PathPlan<typeof membersMachine> = {
  name: 'members',
  machine: membersMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['session'],
  inputs: [{ me: cara.oid }],
  events: [
    { type: 'members.reload' },
    { type: 'notice.dismiss' },
    { type: 'dialog.close' },
    { type: 'role.open', member: bea },
    { type: 'role.submit', role: 'seat-manager' },
    // Her role as it is: nothing to save.
    { type: 'role.submit', role: 'billing-manager' },
    { type: 'remove.request', member: bea },
    // Herself: one leaves, one is not removed.
    { type: 'remove.request', member: cara },
    { type: 'remove.confirm' },
    { type: 'leave.request' },
    { type: 'leave.confirm' },
    { type: 'transfer.open' },
    { type: 'transfer.submit', request: { to: bea.oid, formerOwnerBecomes: 'billing-manager' } },
    { type: 'transfer.withdraw' },
    { type: 'transfer.accept' },
    { type: 'transfer.decline' },
    ...actorEvents(fixtures),
  ],
  // What the user can tell apart: where it stands, the members and their roles, the offer waiting, the message and notice.
  serialize: (snapshot) => ({
    value: snapshot.value,
    role: snapshot.context.organisation?.role,
    members: snapshot.context.organisation?.members.map((member) => `${member.oid}:${member.role}`),
    transfer: snapshot.context.organisation?.transfer?.to.oid ?? null,
    error: snapshot.context.error,
    notice: snapshot.context.notice,
    member: snapshot.context.member?.oid ?? null,
  }),
}
