import { assign, setup } from 'xstate'
import type { Account } from '../common/contract'
import type { Organisation } from '../common/organisation-contract'
import { notProvided } from './not-provided'

/** Who signed in, from the ID token's claims (B2C: the email is emails[0]). */
export interface SignInIdentity {
  firstName: string
  lastName: string
  email: string
  oid: string
}

/**
 * The signed-in account, loaded when the account area opens (spec section 4): on failure the user
 * goes to '/'. With it, side by side, the caller's organisation and role (issue 30): the sidebar
 * and the pages show what the role allows.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { identity: SignInIdentity; account: Account | null; organisation: Organisation | null },
    input: {} as { identity: SignInIdentity },
    events: {} as { type: 'account.changed'; account: Account } | { type: 'organisation.changed'; organisation: Organisation },
  },
  actors: {
    loadAccount: notProvided<Account, SignInIdentity>('loadAccount'),
    loadOrganisation: notProvided<Organisation>('loadOrganisation'),
  },
  actions: {
    keepAccount: assign({ account: (_, params: { account: Account }) => params.account }),
    keepOrganisation: assign({ organisation: (_, params: { organisation: Organisation }) => params.organisation }),
    /** Leaves the account area for the site root; the app provides the navigation. */
    goHome: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ identity: input.identity, account: null, organisation: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "'Loading, please wait...' while the account and the caller's organisation load side by side.",
      type: 'parallel',
      states: {
        account: {
          description: 'The account.',
          initial: 'loading',
          states: {
            loading: {
              description: 'POST /api/auth/login answers with the account.',
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
      },
      onDone: 'ready',
    },
    ready: {
      description: 'The account area: the sidebar the role allows, the user menu and the page.',
      on: {
        'account.changed': { actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.account }) } },
        // A page changed the caller's standing (an invitation accepted, a role changed, the organisation left).
        'organisation.changed': { actions: { type: 'keepOrganisation', params: ({ event }) => ({ organisation: event.organisation }) } },
      },
    },
    failed: { type: 'final', description: "The account could not load: the user is sent to '/'.", entry: 'goHome' },
  },
})
