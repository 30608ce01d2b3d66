import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/manage-licenses.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('#manageLicenses.ready.none')",
    why: 'a failed assign closes the dialog: the typed assignee is lost and the error shown nowhere (issue 34)',
  },
  {
    source: "{ guard: 'bulkContinues', target: 'sending' }",
    wrong: "{ guard: 'bulkContinues', target: 'finished' }",
    why: "'Assign several' stops after the first pasted line, saying the others were not sent though seats are left",
  },
  {
    source: "managesSeats: ({ context }) => may(context.role, 'seats'),",
    wrong: 'managesSeats: () => true,',
    why: "a billing manager's Manage Licenses asks for the seats their role may not see, and fails with a 403 instead of showing the tiles",
  },
  {
    source: "            'assign.open': { guard: 'hasFreeSeat', target: 'assign', actions: 'resetDialog' },\n",
    wrong: '',
    why: 'Assign License does nothing while seats are free',
    removes: true,
  },
]
