import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/session.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "({ account: event.output }) } },\n                onError: '#session.failed'",
    wrong: "({ account: event.output }) } },\n                onError: '#session.ready'",
    why: "an account that could not load opens the account area without it instead of going to '/'",
  },
  {
    source: "({ organisation: event.output }) } },\n                onError: '#session.failed'",
    wrong: "({ organisation: event.output }) } },\n                onError: 'loaded'",
    why: "an organisation that could not load opens the account area without a role, its sidebar guessed, instead of going to '/'",
  },
  {
    source: "        'account.changed': { actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.account }) } },\n",
    wrong: '',
    why: 'a saved profile does not reach the rest of the account area (the header keeps the old name)',
    removes: true,
  },
]
