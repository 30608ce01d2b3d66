import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/purchase-complete.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: { target: 'delayed',",
    wrong: "onError: { target: 'incomplete',",
    why: "a failed status call says 'Purchase Incomplete' after a payment that went through",
  },
  {
    source: "      after: { pollDelay: { target: 'checking', actions: 'countWait' } },\n",
    wrong: '',
    why: "a purchase still being set up is never asked about again: 'Setting up your licenses\u2026' forever",
    removes: true,
  },
  {
    source: "always: [{ guard: 'returnedPaid', target: 'checking' }, { target: 'incomplete' }],",
    wrong: "always: [{ target: 'incomplete' }],",
    why: "a paid return says 'Purchase Incomplete' (spec section 2: success=true shows 'Purchase Complete')",
    removes: true,
  },
]
