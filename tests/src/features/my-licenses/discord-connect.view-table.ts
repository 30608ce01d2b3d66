/** What Connect Discord shows in each state of the discordConnect machine, written from spec sections 2 and 5 and the dialog. */
import type { EventObject } from 'xstate'
import { lastOf } from '../../../support/context-table'
import type { ViewTable } from '../../../support/view-table'

/** The name typed since the dialog last opened (each opening starts blank). */
export const typedName = (sent: readonly EventObject[]) => {
  const last = lastOf(sent, 'dialog.open', 'name.change') as { type: string; value?: string } | undefined
  return last?.type === 'name.change' ? last.value! : ''
}

/** The API's refusal of the last join, until the name changes or a join is tried again. */
export const joinRefused = (sent: readonly EventObject[]) =>
  lastOf(sent, 'dialog.open', 'name.change', 'discord.join', 'xstate.error.actor.connectDiscord')?.type === 'xstate.error.actor.connectDiscord'

const refusal = 'Discord username may hold only lowercase letters, digits, _ and .'

export const discordConnectViewTable: ViewTable = {
  'discordConnect.closed': { dialogs: [], enabled: ['Connect Discord'], hides: ['Discord Connected'] },
  // 'Join Prism Discord' is disabled while the name is empty or only spaces.
  'discordConnect.open.editing': (sent) => ({
    dialogs: ['Connect Discord'],
    shows: ['Commercial Plus includes the private Prism Discord server. To join:'],
    fields: { 'Discord username': typedName(sent) },
    ...(typedName(sent).trim() === '' ? { disabled: ['Join Prism Discord'] } : { enabled: ['Join Prism Discord'] }),
    alerts: joinRefused(sent) ? [refusal] : [],
  }),
  // Join shows progress and cannot be pressed again; the typed name stays.
  'discordConnect.open.joining': (sent) => ({ dialogs: ['Connect Discord'], fields: { 'Discord username': typedName(sent) }, disabled: ['Join Prism Discord'], alerts: [] }),
  'discordConnect.connected': { dialogs: [], shows: ['Discord Connected'], absent: ['Connect Discord'] },
}
