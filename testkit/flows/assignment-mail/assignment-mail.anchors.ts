import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/assignment-mail.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: 'isPending: (_, params: { license: AssignedLicense }) => params.license.pending === true,',
    wrong: 'isPending: () => true,',
    why: "a seat whose holder has signed in gets 'Resend' too, and the owner is refused (409) for mail nobody needs",
  },
  {
    source: "        'notice.dismiss': { guard: 'saysSomething', actions: 'dismissNotice' },\n",
    wrong: '',
    why: "the resend's message cannot be dismissed",
    removes: true,
  },
]
