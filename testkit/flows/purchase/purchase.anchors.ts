import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/purchase.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('choosingSeats')",
    wrong: "onError: showErrorIn('notAvailable')",
    why: "a refused checkout says 'License not available' instead of showing its message beside the seats",
  },
  {
    source: "        'seats.decrease': { guard: 'canRemoveSeat', actions: 'removeSeat' },\n",
    wrong: '',
    why: 'the number of developers cannot go down',
    removes: true,
  },
]
