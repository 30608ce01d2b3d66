import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/license-file.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('idle')",
    wrong: "onError: showErrorIn('downloading')",
    why: "a failed download leaves 'Download license file' busy for good, its failure said nowhere",
  },
  {
    source: "'file.download': { target: 'downloading', actions: { type: 'pickSeat'",
    wrong: "'file.download': { target: 'idle', actions: { type: 'pickSeat'",
    why: 'a press asks for nothing: no file comes',
  },
  {
    source: "        'error.dismiss': { guard: 'hasError', actions: 'clearError' },\n",
    wrong: '',
    why: "Dismiss leaves the failed download's message on screen",
    removes: true,
  },
]
