import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/invoices.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('failed')",
    wrong: "onError: showErrorIn('editing')",
    why: 'invoices that could not load show an empty list and a blank company form, as if there were none, with no Try again',
  },
  {
    source: "        'notice.dismiss': { actions: 'clearNotice' },\n",
    wrong: '',
    why: "the company details' message cannot be dismissed",
    removes: true,
  },
]
