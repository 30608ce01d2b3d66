/** Model of the token machine for generated paths: tests, the path catalogue and coverage. */
import type { AuthFailure, SignedInAccount } from '@/machines/auth.types'
import { tokenMachine, type TokenRequest } from '@/machines/token.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

const cara: SignedInAccount = { homeAccountId: 'cara.home', localAccountId: 'cara', username: '' }
export const needsInteraction = (errorCode: string): AuthFailure => ({ errorCode, errorMessage: errorCode, interactionRequired: true, refreshTokenUnusable: true })
export const offline: AuthFailure = { errorCode: 'network_error', errorMessage: 'Network request failed', interactionRequired: false, refreshTokenUnusable: false }
export const cacheMiss: AuthFailure = { errorCode: 'no_tokens_found', errorMessage: 'No cached token', interactionRequired: true, refreshTokenUnusable: true }
/** A refresh token that does not cover the asked scopes: the provider's session can still give a token. */
export const scopeRefused: AuthFailure = { errorCode: 'invalid_scope', errorMessage: 'invalid_scope', interactionRequired: false, refreshTokenUnusable: true }

export const fixtures: ActorFixtures<typeof tokenMachine> = {
  tokenFromCache: { done: ['token-from-cache'], error: [cacheMiss] },
  tokenByRefreshToken: { done: ['token-by-refresh'], error: [needsInteraction('invalid_grant'), scopeRefused, offline] },
  tokenByHiddenFrame: { done: ['token-by-frame'], error: [needsInteraction('login_required'), offline] },
  signInAgain: { done: [undefined], error: [new Error('Cannot fall back to interaction because another interaction is in progress')] },
}
export const signedIn: TokenRequest = { scopes: ['accounts.read'], account: cara }
export const signedOut: TokenRequest = { scopes: ['accounts.read'], account: null }

export const tokenModel: PathPlan<typeof tokenMachine> = {
  name: 'tokenAcquisition',
  machine: tokenMachine,
  actors: Object.keys(fixtures),
  events: actorEvents(fixtures),
  inputs: [signedIn, signedOut],
}
