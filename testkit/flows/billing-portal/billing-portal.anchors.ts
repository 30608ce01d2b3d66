import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/billing-portal.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('idle')",
    wrong: "onError: showErrorIn('leaving')",
    why: 'a refused portal session leaves Billing busy for good, as if the browser were leaving',
  },
  {
    source: "        'error.dismiss': { actions: 'clearError' },\n",
    wrong: '',
    why: "the billing portal's error message cannot be dismissed",
    removes: true,
  },
]
