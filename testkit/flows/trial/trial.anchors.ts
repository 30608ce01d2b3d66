import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/trial.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "'trial.extend': 'extending'",
    wrong: "'trial.extend': 'extended'",
    why: 'a second press would say the trial was extended without asking, and no extension would be made',
  },
]
