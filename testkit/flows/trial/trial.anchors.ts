import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/trial.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onDone: { target: 'extended'",
    wrong: "onDone: { target: 'running'",
    why: 'an extension made would still offer another, which the API refuses: the trial has one',
  },
  {
    source: "      on: { 'trial.extend': { target: 'extending', actions: 'clearError' } },\n",
    wrong: '',
    why: "a trial just started offers 'Extend trial by 14 days', and the press asks for nothing",
    removes: true,
  },
]
