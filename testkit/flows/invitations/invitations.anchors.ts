import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/invitations.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onDone: { target: 'idle', actions: { type: 'replaceInvitation'",
    wrong: "onDone: { target: 'idle', actions: { type: 'addInvitation'",
    why: 'an invitation sent again shows twice, or says it was sent for the first time, instead of taking its new expiry in its place',
  },
  {
    source: "            'invite.open': { target: 'inviting', actions: 'resetDialog' },\n",
    wrong: '',
    why: "'Invite' opens no dialog",
    removes: true,
  },
]
