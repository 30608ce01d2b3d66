import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/token.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "target: 'byHiddenFrame' }, { target: 'failed' }]",
    wrong: "target: 'byHiddenFrame' }, { target: 'signingInAgain' }]",
    why: 'a refresh that fails offline sends the user to sign in again instead of failing the call',
  },
]
