import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/trial.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onDone: { target: 'extended'",
    wrong: "onDone: { target: 'running'",
    why: 'an extension made would still offer another, which the API refuses: the trial has one',
  },
]
