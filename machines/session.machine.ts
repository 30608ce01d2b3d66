import { assign, setup } from 'xstate'
import { notProvided } from './not-provided'

/** Who signed in, from the ID token's claims (B2C: the email is emails[0]). */
export interface SignInIdentity {
  firstName: string
  lastName: string
  email: string
  oid: string
}

/**
 * The signed-in account, loaded once when the account area opens (spec section 4): on failure
 * the user goes to '/'. The account's type is the app's (the API contract's), hence generic.
 */
export function createSessionMachine<TAccount>() {
  return setup({
    types: {
      context: {} as { identity: SignInIdentity; account: TAccount | null },
      input: {} as { identity: SignInIdentity },
      events: {} as { type: 'account.changed'; account: TAccount },
    },
    actors: {
      loadAccount: notProvided<TAccount, SignInIdentity>('loadAccount'),
    },
    actions: {
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
          onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
          onError: 'failed',
        },
      },
      ready: {
        description: 'The account area shows the account.',
        on: { 'account.changed': { actions: assign({ account: ({ event }) => event.account }) } },
      },
      failed: { type: 'final', entry: 'goHome' },
    },
  })
}
