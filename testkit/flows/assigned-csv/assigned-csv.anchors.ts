import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/assigned-csv.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('idle')",
    wrong: "onError: showErrorIn('downloading')",
    why: "a failed download leaves 'Download CSV' busy for good, its failure said nowhere",
  },
  {
    source: ", 'error.dismiss': { guard: 'hasError', actions: 'clearError' } },",
    wrong: ' },',
    why: "Dismiss leaves the failed download's message on screen",
    removes: true,
  },
]
