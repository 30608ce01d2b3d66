import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/key-rotation.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "'rotation.retry': { target: 'regenerating', actions: 'clearError' }",
    wrong: "'rotation.retry': { target: 'confirming', actions: 'clearError' }",
    why: 'Try again asks for the confirmation again instead of sending the request',
  },
  {
    source: "on: { 'rotation.confirm': 'regenerating', 'rotation.close': 'idle' },",
    wrong: "on: { 'rotation.confirm': 'regenerating' },",
    why: "Cancel in the key's confirmation leaves the dialog open",
    removes: true,
  },
]
