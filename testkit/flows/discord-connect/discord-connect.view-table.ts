/** What Connect Discord shows in each state of the discordConnect machine, written from spec sections 2 and 5 and the dialog. */
import type { DiscordConnectHeld } from './discord-connect.oracle'
import type { ViewTable } from '@/testkit/views/view-table'

/** The dialog shows the name the oracle says was typed since it opened, and the API's refusal of the last join. */
export const discordConnectViewTable: ViewTable<DiscordConnectHeld> = {
  'discordConnect.closed': { dialogs: [], enabled: ['Connect Discord'], hides: ['Discord Connected'] },
  // 'Join Prism Discord' is disabled while the name is empty or only spaces.
  'discordConnect.open.editing': (_, { discordName, error }) => ({
    dialogs: ['Connect Discord'],
    shows: ['Commercial Plus includes the private Prism Discord server. To join:'],
    fields: { 'Discord username': discordName },
    ...(discordName.trim() === '' ? { disabled: ['Join Prism Discord'] } : { enabled: ['Join Prism Discord'] }),
    alerts: error ? [error] : [],
  }),
  // Join shows progress and cannot be pressed again; the typed name stays.
  'discordConnect.open.joining': (_, { discordName }) => ({
    dialogs: ['Connect Discord'],
    fields: { 'Discord username': discordName },
    disabled: ['Join Prism Discord'],
    busy: ['Join Prism Discord'],
    alerts: [],
  }),
  'discordConnect.connected': { dialogs: [], shows: ['Discord Connected'], absent: ['Connect Discord'] },
}
