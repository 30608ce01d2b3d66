import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/license-key.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "'key.copyAndClose': { target: 'closed'",
    wrong: "'key.copyAndClose': { target: 'open'",
    why: "'Copy and Close' copies the key but leaves the dialog open",
  },
  {
    source: "        'dialog.close': 'closed',\n",
    wrong: '',
    why: 'the License Key dialog cannot be closed',
    removes: true,
  },
]
