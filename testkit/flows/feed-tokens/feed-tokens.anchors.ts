import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/feed-tokens.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('confirming')",
    wrong: "onError: showErrorIn('#feedTokens.ready.shown')",
    why: 'a refused revoke closes its dialog as if the token were revoked: it still works, and the message shows nowhere',
  },
  {
    source: "onError: showErrorIn('#feedTokens.ready.dialog.resuming.confirming')",
    wrong: "onError: showErrorIn('#feedTokens.ready.shown')",
    why: 'a refused resume closes its dialog as if the token were let in again: builds stay refused, and the message shows nowhere',
  },
  {
    source: 'isMarked: ({ context }, params: { token: FeedToken }) => context.tokens.some((token) => token.id === params.token.id && token.leakAt !== null)',
    wrong: 'isMarked: ({ context }, params: { token: FeedToken }) => context.tokens.some((token) => token.id === params.token.id)',
    why: 'Resume is offered for a token that was never marked a possible leak',
  },
  {
    source: 'removeCreatorsTokens: assign({ tokens: ({ context }) => context.tokens.filter((token) => token.createdBy.oid !== context.revokingBy?.oid), revokingBy: null }),',
    wrong: 'removeCreatorsTokens: assign({ tokens: ({ context }) => context.tokens, revokingBy: null }),',
    why: "a person's tokens stay listed once revoked: the owner cannot tell that their builds are stopped",
  },
  {
    source: "            'create.open': { target: 'dialog.creating', actions: 'resetDialog' },\n",
    wrong: '',
    why: "'New token' does nothing once tokens are listed",
    removes: true,
  },
]
