import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/invitation-acceptance.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('offered')",
    wrong: "onError: showErrorIn('failed')",
    why: 'a refused acceptance replaces the offer with a load failure, as if the link were broken',
  },
  {
    source: "      on: { 'offer.reload': { target: 'loading', actions: 'clearError' } },",
    wrong: '      on: {},',
    why: 'Try again after a failed load of the invitation does nothing',
    removes: true,
  },
]
