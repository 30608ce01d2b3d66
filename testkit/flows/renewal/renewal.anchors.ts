import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/renewal.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('#renewal.ready.idle')",
    why: 'a refused change of the renewal seats closes its dialog: the renewal looks changed, and the message shows only behind it',
  },
  {
    source: " on: { 'renewals.reload': { target: 'loading', actions: 'clearError' } } ",
    wrong: ' on: {} ',
    why: 'Try again after the renewals failed to load does nothing',
    removes: true,
  },
]
