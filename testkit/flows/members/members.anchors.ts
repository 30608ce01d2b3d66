import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/members.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onDone: { target: '#members.left', actions: { type: 'organisationChanged', params: { organisation: leftOrganisation } } },\n                onError: showErrorIn('confirming'),",
    wrong: "onDone: { target: '#members.left', actions: { type: 'organisationChanged', params: { organisation: leftOrganisation } } },\n                onError: showErrorIn('#members.ready.idle'),",
    why: "the last owner's refused leaving closes its dialog: 'an organisation needs an owner' shows over the list as if nothing had been asked",
  },
  {
    source: "'transfer.accept': { guard: 'offeredToMe',",
    wrong: "'transfer.accept': { guard: 'canOffer',",
    why: 'the member an offer of ownership names cannot accept it, and an owner can accept their own offer',
  },
  {
    source: "            'leave.request': { guard: 'isMember', target: 'leave.confirming', actions: 'resetDialog' },\n",
    wrong: '',
    why: 'a member cannot leave the organisation',
    removes: true,
  },
]
