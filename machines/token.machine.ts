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

const asFailure = (error: unknown): AuthFailure | null =>
  typeof error === 'object' && error !== null && 'interactionRequired' in error ? (error as AuthFailure) : null

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
    needsInteraction: (_, params: { error: unknown }) => asFailure(params.error)?.interactionRequired === true,
  },
  actions: {
    keepToken: assign({ outcome: (_, params: { accessToken: string }) => ({ status: 'acquired' as const, accessToken: params.accessToken }) }),
  },
}).createMachine({
  id: 'tokenAcquisition',
  context: ({ input }) => ({ ...input, outcome: { status: 'failed', message: tokenFailureMessage } }),
  initial: 'checkingAccount',
  output: ({ context }) => context.outcome,
  states: {
    checkingAccount: {
      always: [{ guard: 'hasAccount', target: 'fromCache' }, { target: 'signingInAgain' }],
    },
    fromCache: {
      invoke: {
        id: 'tokenFromCache',
        src: 'tokenFromCache',
        input: ({ context }) => context,
        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: 'byRefreshToken',
      },
    },
    byRefreshToken: {
      invoke: {
        id: 'tokenByRefreshToken',
        src: 'tokenByRefreshToken',
        input: ({ context }) => context,
        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: [{ guard: { type: 'needsInteraction', params: ({ event }) => ({ error: event.error }) }, target: 'byHiddenFrame' }, { target: 'failed' }],
      },
    },
    byHiddenFrame: {
      invoke: {
        id: 'tokenByHiddenFrame',
        src: 'tokenByHiddenFrame',
        input: ({ context }) => context,
        onDone: { target: 'acquired', actions: { type: 'keepToken', params: ({ event }) => ({ accessToken: event.output }) } },
        onError: [{ guard: { type: 'needsInteraction', params: ({ event }) => ({ error: event.error }) }, target: 'signingInAgain' }, { target: 'failed' }],
      },
    },
    signingInAgain: {
      invoke: {
        id: 'signInAgain',
        src: 'signInAgain',
        input: ({ context }) => context,
        onDone: { target: 'redirecting', actions: assign({ outcome: { status: 'redirecting' } }) },
        onError: 'failed',
      },
    },
    acquired: { type: 'final' },
    redirecting: { type: 'final' },
    failed: { type: 'final', entry: assign({ outcome: { status: 'failed', message: tokenFailureMessage } }) },
  },
})
