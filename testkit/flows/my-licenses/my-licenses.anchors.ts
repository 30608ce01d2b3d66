import type { FlowAnchor } from '../../model/oracle-anchor'

/** Wrong transitions of machines/my-licenses.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('failed')",
    wrong: "onError: showErrorIn('empty')",
    why: "a failed load says 'No Licenses Assigned' to someone who holds licenses",
  },
]
