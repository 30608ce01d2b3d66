/** Model of the Connect Discord machine for generated paths. */
import { discordConnectMachine } from '@/machines/discord-connect.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { opensInvite } from './discord-connect.oracle'

export const fixtures: ActorFixtures<typeof discordConnectMachine> = {
  connectDiscord: { done: [{ inviteLink: 'https://discord.gg/prism-local-invite' }], error: [new Error('Discord username may hold only lowercase letters, digits, _ and .')] },
}

export const discordConnectModel: PathPlan<typeof discordConnectMachine> = {
  name: 'discordConnect',
  machine: discordConnectMachine,
  actors: Object.keys(fixtures),
  // The view opens the link in a new tab on this action.
  effects: { actions: { openInvite: (params: { inviteLink: string }) => opensInvite(params.inviteLink) } },
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['licenses'],
  // Nobody to tell: the machine alone (its rules test gives it whom it tells).
  inputs: [{}],
  events: [{ type: 'dialog.open' }, { type: 'dialog.close' }, { type: 'name.change', value: 'paula.plus' }, { type: 'name.change', value: '   ' }, { type: 'discord.join' }, ...actorEvents(fixtures)],
}
