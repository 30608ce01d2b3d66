import { assign, setup } from 'xstate'
import type { License } from '../common/contract'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** The cards an answer brought, or 'No Licenses Assigned'. */
const shownLicenses = [
  {
    guard: { type: 'hasLicenses', params: ({ event }: { event: { output: License[] } }) => ({ licenses: event.output }) },
    target: 'licensed',
    actions: { type: 'keepLicenses', params: ({ event }: { event: { output: License[] } }) => ({ licenses: event.output }) },
  },
  { target: 'empty', actions: { type: 'keepLicenses', params: ({ event }: { event: { output: License[] } }) => ({ licenses: event.output }) } },
] as const

/**
 * My Licenses: the licenses the signed-in person holds (spec section 2). When the account area
 * opened on it, the session asked for the first page beside the account (decision 0036): the page
 * takes that answer instead of loading its own.
 */
export const myLicensesMachine = setup({
  types: {
    context: {} as { licenses: License[]; error: string | null; fromSession: boolean },
    input: {} as { fromSession: boolean } | void,
    events: {} as { type: 'licenses.reload' } | { type: 'license.discordConnected' } | { type: 'license.keyRegenerated'; licenseId: string; licenseKey: string },
  },
  actors: {
    loadLicenses: notProvided<License[], void>('loadLicenses'),
    /** The first page the session asked for when the area opened here: its cards, or its failure. */
    takeFirstPage: notProvided<License[], void>('takeFirstPage'),
  },
  actions: {
    keepLicenses: assign({ licenses: (_, params: { licenses: License[] }) => params.licenses, error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    // A person joins Discord once: every Commercial Plus seat they hold shows it.
    markDiscordConnected: assign({
      licenses: ({ context }) => context.licenses.map((license) => (license.priceId === 'commercial-plus' ? { ...license, discordConnected: true } : license)),
    }),
    // The License Key dialog made a new key: the card shows it, and the old one is gone.
    replaceKey: assign({
      licenses: ({ context }, params: { licenseId: string; licenseKey: string }) =>
        context.licenses.map((license) => (license.id === params.licenseId ? { ...license, licenseKey: params.licenseKey } : license)),
    }),
  },
  guards: {
    hasLicenses: (_, params: { licenses: License[] }) => params.licenses.length > 0,
    fromSession: ({ context }) => context.fromSession,
  },
}).createMachine({
  id: 'myLicenses',
  context: ({ input }) => ({ licenses: [], error: null, fromSession: input?.fromSession ?? false }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Did the session ask for the first page (the area opened here)? Then the page takes it, else it loads its own.',
      always: [{ guard: 'fromSession', target: 'takingFirstPage' }, { target: 'loading' }],
    },
    takingFirstPage: {
      description: 'Placeholders while the first page the session asked for comes.',
      invoke: { id: 'takeFirstPage', src: 'takeFirstPage', onDone: shownLicenses, onError: showErrorIn('failed') },
    },
    loading: {
      description: 'Loading, with placeholders where the cards will be.',
      invoke: {
        id: 'loadLicenses',
        src: 'loadLicenses',
        onDone: shownLicenses,
        onError: showErrorIn('failed'),
      },
    },
    licensed: {
      description: 'A card per license: plan, its status (Active, Payment due, Cancels on, Expired), owner, dates, License Key and, for a live Commercial Plus seat, Discord.',
      on: {
        'license.discordConnected': { actions: 'markDiscordConnected' },
        'license.keyRegenerated': { actions: { type: 'replaceKey', params: ({ event }) => ({ licenseId: event.licenseId, licenseKey: event.licenseKey }) } },
      },
    },
    empty: { description: "'No Licenses Assigned', 'Get started by purchasing a license.' and 'Purchase License'." },
    failed: { description: 'The error message with Try again.', on: { 'licenses.reload': 'loading' } },
  },
})
