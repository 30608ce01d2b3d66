import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/auth.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "'page.visible': { guard: 'isSignedIn', target: 'checkingSession' }",
    wrong: "'page.visible': { target: 'checkingSession' }",
    why: 'a signed-out page coming back to the foreground checks a session nobody has, holding up sign-in meanwhile',
  },
  {
    source: "    'msal.logout.success': '.signedOut',\n",
    wrong: '',
    why: 'a sign-out finished elsewhere leaves this tab signed in',
    removes: true,
  },
]
