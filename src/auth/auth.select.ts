import type { SnapshotFrom } from 'xstate'
import type { authMachine } from '@/machines/auth.machine'
import type { TokenOutcome } from '@/machines/token.machine'

type AuthSnapshot = SnapshotFrom<typeof authMachine>

/** MSAL has started and read any sign-in answer (the sign-in flow has left `startup`). */
export const authStarted = (snapshot: AuthSnapshot) => !snapshot.matches('startup')

/** A sign-in to get a token has begun (the flow is on its way to the tenant), or why not. */
export const signInStarted = (snapshot: AuthSnapshot): { started: true } | { started: false; reason: string } =>
  snapshot.matches('acquireToken') ? { started: true } : { started: false, reason: snapshot.context.error ?? 'The sign-in could not start' }

/** The token machine's answer as the API client needs it: a token, or the spec's token failure. */
export const tokenOf = (outcome: TokenOutcome) => (outcome.status === 'acquired' ? { token: outcome.accessToken } : { token: null, redirecting: outcome.status === 'redirecting' })
