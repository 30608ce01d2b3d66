import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/upgrade.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('select', unknownUpgradeError)",
    wrong: "onError: showErrorIn('failure', unknownUpgradeError)",
    why: 'a failed card-on-file lookup shows the failure step instead of going back to select (issue 34)',
  },
  {
    source: "          on: { 'wizard.back': backToSelect },\n",
    wrong: '          on: {},\n',
    why: 'Back does nothing while the payment form loads',
    removes: true,
  },
]
