import { assign, setup, spawnChild } from 'xstate'
import type { Account, License } from '../common/contract'
import type { Organisation } from '../common/organisation-contract'
import { failureMessage } from './error-message'
import { notProvided } from './not-provided'

/** Who signed in, from the ID token's claims (B2C: the email is emails[0]). */
export interface SignInIdentity {
  firstName: string
  lastName: string
  email: string
  oid: string
}

/** My Licenses' first page as it came beside the account: the cards, or why they could not load. */
export type FirstLicenses = { licenses: License[] } | { error: string }

/** The first page while it is on its way ('loading'), once it came, or none (not asked for, or taken). */
export type FirstLicensesHeld = FirstLicenses | 'loading' | null

/**
 * The signed-in account, loaded when the account area opens (spec section 4): on failure the user
 * goes to '/'. With it, side by side, the caller's organisation and role (issue 30): the sidebar
 * and the pages show what the role allows. When the area opens on My Licenses, its first page
 * loads beside them too, for the page to take (issue 43, decision 0036): the first card needs one
 * round trip. The area does not wait for it: a slow page shows its placeholders in the area.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { identity: SignInIdentity; opensOnLicenses: boolean; account: Account | null; organisation: Organisation | null; firstLicenses: FirstLicensesHeld },
    input: {} as { identity: SignInIdentity; opensOnLicenses?: boolean },
    events: {} as
      | { type: 'account.changed'; account: Account }
      | { type: 'organisation.changed'; organisation: Organisation }
      | { type: 'licenses.taken' }
      // The answers of the first page's request, which the session starts beside its states (spawned, not invoked).
      | { type: 'xstate.done.actor.loadLicenses'; output: License[] }
      | { type: 'xstate.error.actor.loadLicenses'; error: unknown },
  },
  actors: {
    loadAccount: notProvided<Account, SignInIdentity>('loadAccount'),
    loadOrganisation: notProvided<Organisation>('loadOrganisation'),
    loadLicenses: notProvided<License[]>('loadLicenses'),
  },
  actions: {
    keepAccount: assign({ account: (_, params: { account: Account }) => params.account }),
    keepOrganisation: assign({ organisation: (_, params: { organisation: Organisation }) => params.organisation }),
    keepFirstLicenses: assign({ firstLicenses: (_, params: FirstLicenses) => params }),
    forgetFirstLicenses: assign({ firstLicenses: null }),
    /** Leaves the account area for the site root; the app provides the navigation. */
    goHome: () => {},
  },
  guards: {
    opensOnLicenses: ({ context }) => context.opensOnLicenses,
    firstLicensesLoading: ({ context }) => context.firstLicenses === 'loading',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ identity: input.identity, opensOnLicenses: input.opensOnLicenses ?? false, account: null, organisation: null, firstLicenses: null }),
  initial: 'loading',
  // My Licenses' first page, asked for beside the account and the organisation, is kept whatever state the session is in when it comes.
  on: {
    'xstate.done.actor.loadLicenses': { guard: 'firstLicensesLoading', actions: { type: 'keepFirstLicenses', params: ({ event }) => ({ licenses: event.output }) } },
    // A failure is the page's to show (with Try again), not the session's.
    'xstate.error.actor.loadLicenses': { guard: 'firstLicensesLoading', actions: { type: 'keepFirstLicenses', params: ({ event }) => ({ error: failureMessage({ event }).message }) } },
  },
  states: {
    loading: {
      description: "'Loading, please wait...' while the account and the caller's organisation load side by side (and, on My Licenses, its first page).",
      meta: { requirements: ['S2.account.loading'] },
      type: 'parallel',
      states: {
        account: {
          description: 'The account.',
          initial: 'loading',
          states: {
            loading: {
              description: 'POST /api/auth/login answers with the account.',
              meta: { requirements: ['S7.login'] },
              invoke: {
                id: 'loadAccount',
                src: 'loadAccount',
                input: ({ context }) => context.identity,
                onDone: { target: 'loaded', actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) } },
                onError: '#session.failed',
              },
            },
            loaded: { type: 'final', description: 'The account has come.' },
          },
        },
        organisation: {
          description: "The caller's organisation and role.",
          initial: 'loading',
          states: {
            loading: {
              description: 'GET /api/organisation answers with the role.',
              invoke: {
                id: 'loadOrganisation',
                src: 'loadOrganisation',
                onDone: { target: 'loaded', actions: { type: 'keepOrganisation', params: ({ event }) => ({ organisation: event.output }) } },
                onError: '#session.failed',
              },
            },
            loaded: { type: 'final', description: 'The role has come.' },
          },
        },
        licenses: {
          description: "My Licenses' first page, asked for beside the account when the area opens on it; the area does not wait for it.",
          initial: 'choosing',
          states: {
            choosing: {
              description: 'Does the area open on My Licenses? (Decided once the account and the organisation are asked for: their calls go first.)',
              always: [{ guard: 'opensOnLicenses', target: 'asked', actions: [assign({ firstLicenses: 'loading' }), spawnChild('loadLicenses', { id: 'loadLicenses' })] }, { target: 'notNeeded' }],
            },
            asked: { type: 'final', description: 'GET /api/licenses is on its way; the page takes its answer.' },
            notNeeded: { type: 'final', description: 'The area opens on another page, which loads what it shows.' },
          },
        },
      },
      onDone: 'ready',
    },
    ready: {
      description: 'The account area: the sidebar the role allows, the user menu and the page.',
      meta: { requirements: ['S2.account.sidebar', 'S2.account.manage-hidden', 'S2.account.billing', 'S2.account.user-menu'] },
      on: {
        'account.changed': { actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.account }) } },
        // A page changed the caller's standing (an invitation accepted, a role changed, the organisation left).
        'organisation.changed': { actions: { type: 'keepOrganisation', params: ({ event }) => ({ organisation: event.organisation }) } },
        // My Licenses took its first page (or left before it came): a later visit loads its own, as things may have changed since.
        'licenses.taken': { actions: 'forgetFirstLicenses' },
      },
    },
    // Nothing awaits My Licenses' first page any more.
    failed: { type: 'final', description: "The account could not load: the user is sent to '/'.", meta: { requirements: ['S4.session.load'] }, entry: ['forgetFirstLicenses', 'goHome'] },
  },
})
