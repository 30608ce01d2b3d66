import type { EventObject } from 'xstate'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What Connect Discord holds: the name typed since the dialog opened, and the API's refusal. */
export interface DiscordConnectHeld {
  discordName: string
  error: string | null
}

/** Where Connect Discord stands, in spec sections 2 and 4's words. */
const said = {
  closed: 'the Connect Discord dialog closed',
  typing: 'the Discord username being typed',
  joining: 'joining Prism Discord',
  connected: 'Discord Connected',
} as const
const d = 'discordConnect'
/** The states of machines/discord-connect.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.closed]: `${d}.closed`,
  [said.typing]: `${d}.open.editing`,
  [said.joining]: `${d}.open.joining`,
  [said.connected]: `${d}.connected`,
} satisfies Relation
const awaitedIn = { connectDiscord: said.joining }
/** The dialog is open while the name is typed and while it is sent. */
const open: string[] = [said.typing, said.joining]

/** The invite link the API returns opens (an effect: decision 0076). */
export const opensInvite = (inviteLink: string) => `the invite ${inviteLink} opened`

/**
 * Spec sections 2, 4 and 5: the dialog opens empty; 'Join Prism Discord' is disabled while the
 * name is empty or only spaces; a returned invite link opens and the card shows 'Discord
 * Connected'. A refusal stays on the dialog with its message until the name changes.
 */
export const discordConnectOracle: Oracle<void, DiscordConnectHeld> = {
  relation,
  start: () => ({ state: said.closed, held: { discordName: '', error: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<DiscordConnectHeld> = {}): Expected<DiscordConnectHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      return answer.done ? to(said.connected) : to(said.typing, { error: shownMessage(answer.error) })
    }
    if (event.type === 'dialog.open' && now.state === said.closed) return to(said.typing, { discordName: '', error: null })
    if (event.type === 'dialog.close' && open.includes(now.state)) return to(said.closed)
    if (now.state !== said.typing) return now
    if (event.type === 'name.change') return to(now.state, { discordName: (event as EventObject & { value: string }).value, error: null })
    if (event.type === 'discord.join' && now.held.discordName.trim() !== '') return to(said.joining, { error: null })
    return now
  },
  // Joined: My Licenses' Commercial Plus cards show 'Discord Connected'.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'connectDiscord', () => [{ to: 'licenses', event: { type: 'license.discordConnected' } }]),
  effects: (now, event) => onAnswer(event, now.state, awaitedIn, 'connectDiscord', (output) => [opensInvite((output as { inviteLink: string }).inviteLink)]),
}
