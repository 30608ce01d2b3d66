import { assign, setup } from 'xstate'
import type { AuthFailure, SignedInAccount } from './auth.types'
import { notProvided } from './not-provided'

export interface TokenRequest {
  scopes: string[]
  account: SignedInAccount | null
  /** Where to come back to if the user has to sign in again. */
  returnPath?: string
}

export type TokenOutcome =
  | { status: 'acquired'; accessToken: string }
  /** The user is being sent to sign in; the page is about to leave. */
  | { status: 'redirecting' }
  | { status: 'failed'; message: string }

/** The spec's text when no way of getting a token worked (section 8). */
export const tokenFailureMessage = 'Could not acquire access token'

/** MSAL's failure flags, read from whatever an actor threw: anything else (a thrown text, null) has none. */
const flagsOf = (error: unknown) => error as Partial<AuthFailure> | null | undefined

/**
 * Acquires an access token for one call: from the cache, then by refresh token, then by a hidden
 * frame when the refresh token is invalid or expired, then by signing in again when only the user
 * can help (spec section 4).
 */
export const tokenMachine = setup({
  types: {
    context: {} as TokenRequest & { outcome: TokenOutcome },
    input: {} as TokenRequest,
    output: {} as TokenOutcome,
  },
  actors: {
    tokenFromCache: notProvided<string, TokenRequest>('tokenFromCache'),
    tokenByRefreshToken: notProvided<string, TokenRequest>('tokenByRefreshToken'),
    tokenByHiddenFrame: notProvided<string, TokenRequest>('tokenByHiddenFrame'),
    /** Asks the sign-in flow for an interactive token request; fails when another interaction runs. */
    signInAgain: notProvided<void, TokenRequest>('signInAgain'),
  },
  guards: {
    hasAccount: ({ context }) => context.account !== null,
    refreshTokenUnusable: (_, params: { error: unknown }) => flagsOf(params.error)?.refreshTokenUnusable === true,
    needsInteraction: (_, params: { error: unknown }) => flagsOf(params.error)?.interactionRequired === true,
  },
  actions: {
    markRedirecting: assign({ outcome: { status: 'redirecting' } satisfies TokenOutcome }),
    markFailed: assign({ outcome: { status: 'failed', message: tokenFailureMessage } satisfies TokenOutcome }),
    keepToken: assign({ outcome: (_, params: { accessToken: string }) => ({ status: 'acquired' as const, accessToken: params.accessToken }) }),
  },
}).createMachine({
  id: 'tokenAcquisition',
  context: ({ input }) => ({ ...input, outcome: { status: 'failed', message: tokenFailureMessage } }),
  initial: 'checkingAccount',
  output: ({ context }) => context.outcome,
  states: {
    checkingAccount: {
      description: 'Signed in? Only then can a token be had silently.',
      always: [{ guard: 'hasAccount', target: 'fromCache' }, { target: 'signingInAgain' }],
    },
    fromCache: {
      description: 'A valid access token from the cache in local storage.',
      invoke: {
        id: 'tokenFromCache',
        src: 'tokenFromCache',
        input: ({ context }) => context,
        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: 'byRefreshToken',
      },
    },
    byRefreshToken: {
      description: 'A new access token by the refresh token, invisibly.',
      meta: { requirements: ['S4.token.silent-renewal'] },
      invoke: {
        id: 'tokenByRefreshToken',
        src: 'tokenByRefreshToken',
        input: ({ context }) => context,
        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: [{ guard: { type: 'refreshTokenUnusable', params: ({ event }) => ({ error: event.error }) }, target: 'byHiddenFrame' }, { target: 'failed' }],
      },
    },
    byHiddenFrame: {
      description: 'The refresh token is invalid or expired: a new one from the provider’s session, in a hidden frame.',
      meta: { requirements: ['S4.token.silent-renewal'] },
      invoke: {
        id: 'tokenByHiddenFrame',
        src: 'tokenByHiddenFrame',
        input: ({ context }) => context,
        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: [{ guard: { type: 'needsInteraction', params: ({ event }) => ({ error: event.error }) }, target: 'signingInAgain' }, { target: 'failed' }],
      },
    },
    signingInAgain: {
      description: 'Only the user can help: the sign-in flow sends them to sign in again.',
      invoke: {
        id: 'signInAgain',
        src: 'signInAgain',
        input: ({ context }) => context,
        onDone: { target: 'redirecting', actions: 'markRedirecting' },
        onError: 'failed',
      },
    },
    acquired: { type: 'final', description: 'The call goes ahead with the token.' },
    redirecting: { type: 'final', description: 'The page leaves for the sign-in page.' },
    failed: { type: 'final', entry: 'markFailed', description: "The call fails with 'Could not acquire access token'.", meta: { requirements: ['S8.token'] } },
  },
})
