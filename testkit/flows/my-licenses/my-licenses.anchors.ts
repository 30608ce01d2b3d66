import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/my-licenses.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onDone: shownLicenses,\n        onError: showErrorIn('failed'),",
    wrong: "onDone: shownLicenses,\n        onError: showErrorIn('empty'),",
    why: "a failed load says 'No Licenses Assigned' to someone who holds licenses",
  },
  {
    source: "src: 'takeFirstPage', onDone: shownLicenses, onError: showErrorIn('failed')",
    wrong: "src: 'takeFirstPage', onDone: shownLicenses, onError: showErrorIn('empty')",
    why: "a failed first page from the session says 'No Licenses Assigned' to someone who holds licenses",
  },
]
