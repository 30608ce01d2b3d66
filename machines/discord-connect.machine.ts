import { assign, enqueueActions, setup } from 'xstate'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** My Licenses' list, told when the person joined. */
type LicensesAddressee = Addressee<{ type: 'license.discordConnected' }>

/** Connect Discord (spec section 2): a Discord username in, an invite link out. */
export const discordConnectMachine = setup({
  types: {
    context: {} as { discordName: string; error: string | null; licenses?: LicensesAddressee },
    input: {} as { licenses?: LicensesAddressee },
    events: {} as { type: 'dialog.open' } | { type: 'dialog.close' } | { type: 'name.change'; value: string } | { type: 'discord.join' },
  },
  actors: {
    connectDiscord: notProvided<{ inviteLink: string }, { discordName: string }>('connectDiscord'),
  },
  actions: {
    reset: assign({ discordName: '', error: null }),
    keepName: assign({ discordName: (_, params: { value: string }) => params.value }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    /** Opens the invite in a new tab; the app provides it. */
    openInvite: (_, _params: { inviteLink: string }) => {},
    /** Tells My Licenses' list, whose Commercial Plus cards then show 'Discord Connected'. */
    markConnected: enqueueActions(({ context, enqueue }) => {
      if (context.licenses) enqueue.sendTo(context.licenses, { type: 'license.discordConnected' })
    }),
  },
  guards: {
    // 'Join Prism Discord' stays disabled while the name is empty or only spaces.
    hasName: ({ context }) => context.discordName.trim().length > 0,
  },
}).createMachine({
  id: 'discordConnect',
  context: ({ input }) => ({ discordName: '', error: null, ...input }),
  initial: 'closed',
  states: {
    closed: { description: 'The card offers Connect Discord.', on: { 'dialog.open': { target: 'open', actions: 'reset' } } },
    open: {
      description: 'The Connect Discord dialog over the card, with its close button.',
      on: { 'dialog.close': 'closed' },
      initial: 'editing',
      states: {
        editing: {
          description: 'Instructions, the Discord username input, and Join Prism Discord (disabled while blank).',
          meta: { requirements: ['S2.my-licenses.discord-dialog', 'S5.discord.blank'] },
          on: {
            'name.change': { actions: [{ type: 'keepName', params: ({ event }) => ({ value: event.value }) }, 'clearError'] },
            'discord.join': { guard: 'hasName', target: 'joining', actions: 'clearError' },
          },
        },
        joining: {
          description: 'Join Prism Discord shows progress; the typed name stays.',
          meta: { requirements: ['S7.discord-connect'] },
          invoke: {
            id: 'connectDiscord',
            src: 'connectDiscord',
            input: ({ context }) => ({ discordName: context.discordName.trim() }),
            onDone: { target: '#discordConnect.connected', actions: [{ type: 'openInvite', params: ({ event }) => ({ inviteLink: event.output.inviteLink }) }, 'markConnected'] },
            onError: showErrorIn('editing'),
          },
        },
      },
    },
    connected: { description: "The invite opened in a new tab; the card shows 'Discord Connected'.", meta: { requirements: ['S4.discord.invite'] }, type: 'final' },
  },
})
