import type { SnapshotFrom } from 'xstate'
import type { discordConnectMachine } from '@/machines/discord-connect.machine'

/** What the Connect Discord dialog shows, and whether Join may be pressed. */
export function selectDiscordConnect(snapshot: SnapshotFrom<typeof discordConnectMachine>) {
  return {
    opened: snapshot.matches('open'),
    discordName: snapshot.context.discordName,
    error: snapshot.context.error,
    joining: snapshot.matches({ open: 'joining' }),
    canJoin: snapshot.can({ type: 'discord.join' }),
  }
}
