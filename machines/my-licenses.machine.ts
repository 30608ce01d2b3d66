import { assign, setup } from 'xstate'
import type { License } from '../common/contract'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'
import type { FirstLicenses } from './session.machine'

/**
 * My Licenses: the licenses the signed-in person holds (spec section 2). When the account area
 * opened on it, the session brought the first page beside the account (decision 0036): the page
 * starts from it instead of loading it.
 */
export const myLicensesMachine = setup({
  types: {
    context: {} as { licenses: License[]; error: string | null; firstPage: FirstLicenses | null },
    input: {} as { firstPage: FirstLicenses | null } | void,
    events: {} as { type: 'licenses.reload' } | { type: 'license.discordConnected' } | { type: 'license.keyRegenerated'; licenseId: string; licenseKey: string },
  },
  actors: {
    loadLicenses: notProvided<License[], void>('loadLicenses'),
  },
  actions: {
    keepLicenses: assign({ licenses: (_, params: { licenses: License[] }) => params.licenses, error: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    /** Tells the session its first page is taken, so that a later visit loads its own; the app provides it. */
    firstPageTaken: () => {},
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
    firstPageFailed: ({ context }) => context.firstPage !== null && 'error' in context.firstPage,
    firstPageCame: ({ context }) => context.firstPage !== null && 'licenses' in context.firstPage,
  },
}).createMachine({
  id: 'myLicenses',
  context: ({ input }) => ({ licenses: [], error: null, firstPage: input?.firstPage ?? null }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The first page came with the session (the area opened here), or it loads now.',
      always: [
        { guard: 'firstPageFailed', target: 'failed', actions: [{ type: 'showError', params: ({ context }) => ({ message: errorOf(context.firstPage) }) }, 'firstPageTaken'] },
        {
          guard: { type: 'hasLicenses', params: ({ context }) => ({ licenses: licensesOf(context.firstPage) }) },
          target: 'licensed',
          actions: [{ type: 'keepLicenses', params: ({ context }) => ({ licenses: licensesOf(context.firstPage) }) }, 'firstPageTaken'],
        },
        { guard: 'firstPageCame', target: 'empty', actions: 'firstPageTaken' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading, with placeholders where the cards will be.',
      invoke: {
        id: 'loadLicenses',
        src: 'loadLicenses',
        onDone: [
          {
            guard: { type: 'hasLicenses', params: ({ event }) => ({ licenses: event.output }) },
            target: 'licensed',
            actions: { type: 'keepLicenses', params: ({ event }) => ({ licenses: event.output }) },
          },
          { target: 'empty', actions: { type: 'keepLicenses', params: ({ event }) => ({ licenses: event.output }) } },
        ],
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

/** The first page's cards (none when it did not come or failed). */
const licensesOf = (firstPage: FirstLicenses | null) => (firstPage && 'licenses' in firstPage ? firstPage.licenses : [])
/** Why the first page could not load ('' when it did). */
const errorOf = (firstPage: FirstLicenses | null) => (firstPage && 'error' in firstPage ? firstPage.error : '')
