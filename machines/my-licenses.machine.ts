import { assign, enqueueActions, setup } from 'xstate'
import type { License } from '../common/contract'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** The session, told when the page took the first page it asked for: a later visit loads its own. */
type SessionAddressee = Addressee<{ type: 'licenses.taken' }>

/**
 * What the session had of the first page once it came: its cards, its failure's message, or none
 * (another of the page's actors took it, or the session no longer holds it).
 */
export type FirstPage = { found: 'licenses'; licenses: License[] } | { found: 'failure'; message: string } | { found: 'none' }

type FirstPageCame = { event: { output: FirstPage } }
const licensesOf = (page: FirstPage) => (page.found === 'licenses' ? page.licenses : [])
const failureOf = (page: FirstPage) => (page.found === 'failure' ? page.message : '')
const firstPageOf = ({ event }: FirstPageCame) => ({ page: event.output })

/** The cards an answer brought, or 'No Licenses Assigned'; `also` the actions that go with them. */
function shownLicenses<TArgs>(licenses: (args: TArgs) => License[], also: readonly 'firstPageTaken'[] = []) {
  const keep = { type: 'keepLicenses', params: (args: TArgs) => ({ licenses: licenses(args) }) } as const
  return [
    { guard: { type: 'hasLicenses', params: (args: TArgs) => ({ licenses: licenses(args) }) }, target: 'licensed', actions: [keep, ...also] },
    { target: 'empty', actions: [keep, ...also] },
  ] as const
}

/**
 * My Licenses: the licenses the signed-in person holds (spec section 2). When the account area
 * opened on it, the session asked for the first page beside the account (decision 0036): the page
 * takes that answer instead of loading its own, and tells the session it took it.
 */
export const myLicensesMachine = setup({
  types: {
    context: {} as { licenses: License[]; error: string | null; fromSession: boolean; session?: SessionAddressee },
    input: {} as { fromSession?: boolean; session?: SessionAddressee } | void,
    events: {} as { type: 'licenses.reload' } | { type: 'license.discordConnected' } | { type: 'license.keyRegenerated'; licenseId: string; licenseKey: string },
  },
  actors: {
    loadLicenses: notProvided<License[], void>('loadLicenses'),
    /** Waits for the first page the session asked for when the area opened here, and says what it found; it neither loads nor tells. */
    awaitFirstPage: notProvided<FirstPage, void>('awaitFirstPage'),
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
    /** Tells the session the page took its first page: it forgets it, so that a later visit loads its own. */
    firstPageTaken: enqueueActions(({ context, enqueue }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'licenses.taken' })
    }),
  },
  guards: {
    hasLicenses: (_, params: { licenses: License[] }) => params.licenses.length > 0,
    fromSession: ({ context }) => context.fromSession,
    noFirstPage: (_, params: { page: FirstPage }) => params.page.found === 'none',
    firstPageFailed: (_, params: { page: FirstPage }) => params.page.found === 'failure',
  },
}).createMachine({
  id: 'myLicenses',
  context: ({ input }) => ({ licenses: [], error: null, fromSession: input?.fromSession ?? false, ...(input?.session && { session: input.session }) }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Did the session ask for the first page (the area opened here)? Then the page takes it, else it loads its own.',
      always: [{ guard: 'fromSession', target: 'takingFirstPage' }, { target: 'loading' }],
    },
    takingFirstPage: {
      description: 'Placeholders while the first page the session asked for comes; the page takes it and tells the session, or loads its own when there is none.',
      invoke: {
        id: 'awaitFirstPage',
        src: 'awaitFirstPage',
        onDone: [
          { guard: { type: 'noFirstPage', params: firstPageOf }, target: 'loading' },
          {
            guard: { type: 'firstPageFailed', params: firstPageOf },
            target: 'failed',
            actions: [{ type: 'showError', params: ({ event }) => ({ message: failureOf(event.output) }) }, 'firstPageTaken'],
          },
          ...shownLicenses(({ event }: FirstPageCame) => licensesOf(event.output), ['firstPageTaken']),
        ],
      },
    },
    loading: {
      description: 'Loading, with placeholders where the cards will be.',
      meta: { requirements: ['S7.licenses'] },
      invoke: {
        id: 'loadLicenses',
        src: 'loadLicenses',
        onDone: shownLicenses(({ event }: { event: { output: License[] } }) => event.output),
        onError: showErrorIn('failed'),
      },
    },
    licensed: {
      description: 'A card per license: plan, its status (Active, Payment due, Cancels on, Expired), owner, dates, License Key and, for a live Commercial Plus seat, Discord.',
      meta: { requirements: ['S2.my-licenses.card', 'S2.my-licenses.card-actions', 'S9.dates'] },
      on: {
        'license.discordConnected': { actions: 'markDiscordConnected' },
        'license.keyRegenerated': { actions: { type: 'replaceKey', params: ({ event }) => ({ licenseId: event.licenseId, licenseKey: event.licenseKey }) } },
      },
    },
    empty: { description: "'No Licenses Assigned', 'Get started by purchasing a license.' and 'Purchase License'.", meta: { requirements: ['S2.my-licenses.empty'] } },
    failed: { description: 'The error message with Try again.', on: { 'licenses.reload': 'loading' } },
  },
})
