// The words this reference reads, declared here (it shares no type with the machine): what a page asks a
// token for, and how the asking ends (spec section 4's token acquisition; section 8's message).
type TokenRequest = { scopes: string[]; account: { homeAccountId: string } | null; returnPath?: string }
type TokenOutcome = { status: 'acquired'; accessToken: string } | { status: 'redirecting' } | { status: 'failed'; message: string }
/** MSAL's failure flags the spec's fallbacks turn on. */
type Flags = { refreshTokenUnusable?: boolean; interactionRequired?: boolean }
import { answerOf, type Oracle } from '@/testkit/model/oracle'

/** What a token acquisition holds: the request, and how it came out (a failure until a token comes). */
export type TokenHeld = TokenRequest & { outcome: TokenOutcome }

const failed: TokenOutcome = { status: 'failed', message: 'Could not acquire access token' }
const awaitedIn = {
  tokenFromCache: 'tokenAcquisition.fromCache',
  tokenByRefreshToken: 'tokenAcquisition.byRefreshToken',
  tokenByHiddenFrame: 'tokenAcquisition.byHiddenFrame',
  signInAgain: 'tokenAcquisition.signingInAgain',
}
/** MSAL's flags on a failure; anything else thrown has none. */
const flag = (error: unknown, name: 'refreshTokenUnusable' | 'interactionRequired') => (error as Flags | null | undefined)?.[name] === true

/**
 * Spec sections 4 and 8: a token from the cache, else by refresh token, then by a hidden frame
 * when the refresh token is invalid or expired, then by signing in again when only the user can
 * help (a signed-out user goes there at once); any other failure is 'Could not acquire access token'.
 */
export const tokenOracle: Oracle<TokenRequest, TokenHeld> = {
  start: (input) => ({ state: input.account ? 'tokenAcquisition.fromCache' : 'tokenAcquisition.signingInAgain', held: { ...input, outcome: failed } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (!answer?.awaited) return now
    const to = (state: string, outcome: TokenOutcome = failed) => ({ state, held: { ...now.held, outcome } })
    if (answer.done)
      return answer.actor === 'signInAgain'
        ? to('tokenAcquisition.redirecting', { status: 'redirecting' })
        : to('tokenAcquisition.acquired', { status: 'acquired', accessToken: answer.output as string })
    switch (answer.actor) {
      case 'tokenFromCache':
        return to('tokenAcquisition.byRefreshToken')
      case 'tokenByRefreshToken':
        return to(flag(answer.error, 'refreshTokenUnusable') ? 'tokenAcquisition.byHiddenFrame' : 'tokenAcquisition.failed')
      case 'tokenByHiddenFrame':
        return to(flag(answer.error, 'interactionRequired') ? 'tokenAcquisition.signingInAgain' : 'tokenAcquisition.failed')
      default:
        return to('tokenAcquisition.failed')
    }
  },
}
