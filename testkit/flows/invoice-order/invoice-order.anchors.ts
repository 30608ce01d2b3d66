import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/invoice-order.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "showErrorIn('editing')",
    wrong: "showErrorIn('ordered')",
    why: 'an order the API refused would say the invoice awaits payment, with no invoice and no way to try again',
  },
  {
    source: "        'dialog.close': 'closed',\n",
    wrong: '',
    why: "the invoice order's dialog cannot be closed while the details are typed",
    removes: true,
  },
]
