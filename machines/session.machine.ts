import { assign, setup } from 'xstate'
import type { Account } from '../common/contract'
import { notProvided } from './not-provided'

/** Who signed in, from the ID token's claims (B2C: the email is emails[0]). */
export interface SignInIdentity {
  firstName: string
  lastName: string
  email: string
  oid: string
}

/** The signed-in account, loaded when the account area opens (spec section 4): on failure the user goes to '/'. */
export const sessionMachine = setup({
  types: {
    context: {} as { identity: SignInIdentity; account: Account | null },
    input: {} as { identity: SignInIdentity },
    events: {} as { type: 'account.changed'; account: Account },
  },
  actors: {
    loadAccount: notProvided<Account, SignInIdentity>('loadAccount'),
  },
  actions: {
    keepAccount: assign({ account: (_, params: { account: Account }) => params.account }),
    /** Leaves the account area for the site root; the app provides the navigation. */
    goHome: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ identity: input.identity, account: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "'Loading, please wait...' while POST /api/auth/login answers with the account.",
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => context.identity,
        onDone: { target: 'ready', actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.output }) } },
        onError: 'failed',
      },
    },
    ready: {
      description: 'The account area: sidebar, user menu and the page.',
      on: { 'account.changed': { actions: { type: 'keepAccount', params: ({ event }) => ({ account: event.account }) } } },
    },
    failed: { type: 'final', description: "The account could not load: the user is sent to '/'.", entry: 'goHome' },
  },
})
