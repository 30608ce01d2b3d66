import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/my-licenses.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('failed'),",
    wrong: "onError: showErrorIn('empty'),",
    why: "a failed load says 'No Licenses Assigned' to someone who holds licenses",
  },
  {
    source: "guard: { type: 'firstPageFailed', params: firstPageOf },\n            target: 'failed',",
    wrong: "guard: { type: 'firstPageFailed', params: firstPageOf },\n            target: 'empty',",
    why: "a failed first page from the session says 'No Licenses Assigned' to someone who holds licenses",
  },
  {
    source: "guard: { type: 'noFirstPage', params: firstPageOf }, target: 'loading' }",
    wrong: "guard: { type: 'noFirstPage', params: firstPageOf }, target: 'empty' }",
    why: "a first page taken already says 'No Licenses Assigned' instead of loading the cards",
  },
  {
    source: "        'license.discordConnected': { actions: 'markDiscordConnected' },\n",
    wrong: '',
    why: 'a Plus card still offers Connect Discord after Discord was connected',
    removes: true,
  },
]
