import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/token.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "target: 'byHiddenFrame' }, { target: 'failed' }]",
    wrong: "target: 'byHiddenFrame' }, { target: 'signingInAgain' }]",
    why: 'a refresh that fails offline sends the user to sign in again instead of failing the call',
  },
  {
    source: "        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },\n        onError: 'byRefreshToken',\n",
    wrong: "        onError: 'byRefreshToken',\n",
    why: 'a token found in the cache is never used: the call waits for ever',
    removes: true,
  },
]
