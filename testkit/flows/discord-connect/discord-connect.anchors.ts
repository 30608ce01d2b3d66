import type { FlowAnchor } from '@/testkit/model/oracle-anchor'

/** Wrong transitions of machines/discord-connect.machine.ts that its oracle must catch (testkit/model/oracle-anchor.ts). */
export const anchors: readonly FlowAnchor[] = [
  {
    source: "onError: showErrorIn('editing')",
    wrong: "onError: showErrorIn('#discordConnect.closed')",
    why: 'a refused join closes the dialog: the message shows nowhere and the typed name is lost',
  },
  {
    source: "            'discord.join': { guard: 'hasName', target: 'joining', actions: 'clearError' },\n",
    wrong: '',
    why: 'Join does nothing, even with a valid Discord username',
    removes: true,
  },
]
