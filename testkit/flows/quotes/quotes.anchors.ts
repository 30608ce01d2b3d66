import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/quotes.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('confirming'),",
    wrong: "onError: showErrorIn('#quotes.listed.idle'),",
    why: 'a refused acceptance (the quote expired, or was accepted already) closes the dialog: the 409 in words is never read where it was asked',
  },
  {
    source: "              on: { 'accept.confirm': { target: 'sending', actions: 'clearError' } },\n",
    wrong: '',
    why: "'Accept quote' does nothing: an open quote can never become its subscription",
    removes: true,
  },
]
