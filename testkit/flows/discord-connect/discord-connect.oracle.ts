import type { EventObject } from 'xstate'
import { answerOf, shownMessage, toldOnAnswer, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What Connect Discord holds: the name typed since the dialog opened, and the API's refusal. */
export interface DiscordConnectHeld {
  discordName: string
  error: string | null
}

/**
 * Spec sections 2, 4 and 5: the dialog opens empty; 'Join Prism Discord' is disabled while the
 * name is empty or only spaces; a returned invite link opens and the card shows 'Discord
 * Connected'. A refusal stays on the dialog with its message until the name changes.
 */
export const discordConnectOracle: Oracle<void, DiscordConnectHeld> = {
  start: () => ({ state: 'discordConnect.closed', held: { discordName: '', error: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<DiscordConnectHeld> = {}): Expected<DiscordConnectHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, { connectDiscord: 'discordConnect.open.joining' })
    if (answer) {
      if (!answer.awaited) return now
      return answer.done ? to('discordConnect.connected') : to('discordConnect.open.editing', { error: shownMessage(answer.error) })
    }
    const open = now.state.startsWith('discordConnect.open.')
    if (event.type === 'dialog.open' && now.state === 'discordConnect.closed') return to('discordConnect.open.editing', { discordName: '', error: null })
    if (event.type === 'dialog.close' && open) return to('discordConnect.closed')
    if (now.state !== 'discordConnect.open.editing') return now
    if (event.type === 'name.change') return to(now.state, { discordName: (event as EventObject & { value: string }).value, error: null })
    if (event.type === 'discord.join' && now.held.discordName.trim() !== '') return to('discordConnect.open.joining', { error: null })
    return now
  },
  // Joined: My Licenses' Commercial Plus cards show 'Discord Connected'.
  tells: (now, event) => toldOnAnswer(event, now.state, { connectDiscord: 'discordConnect.open.joining' }, 'connectDiscord', () => [{ to: 'licenses', event: { type: 'license.discordConnected' } }]),
}
