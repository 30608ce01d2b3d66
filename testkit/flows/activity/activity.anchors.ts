import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/activity.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('moreFailed')",
    wrong: "onError: showErrorIn('#activity.failed')",
    why: "a failed 'Show more' hides the entries already shown behind the load failure",
  },
  {
    source: " on: { 'activity.reload': 'loading' } ",
    wrong: ' on: {} ',
    why: 'Try again after a failed load does nothing: the activity stays an error message until the page is left',
    removes: true,
  },
]
