import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/profile.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('failed')",
    why: 'a refused save replaces the form and what was typed with the load failure',
  },
  {
    source: "        'notice.dismiss': { actions: 'clearNotice' },\n",
    wrong: '',
    why: "the profile's message cannot be dismissed",
    removes: true,
  },
]
