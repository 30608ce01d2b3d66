// The words this reference reads, declared here (it shares no type with the machine): what a page asks a
// token for, and how the asking ends (spec section 4's token acquisition; section 8's message).
type TokenRequest = { scopes: string[]; account: { homeAccountId: string } | null; returnPath?: string }
type TokenOutcome = { status: 'acquired'; accessToken: string } | { status: 'redirecting' } | { status: 'failed'; message: string }
/** MSAL's failure flags the spec's fallbacks turn on. */
type Flags = { refreshTokenUnusable?: boolean; interactionRequired?: boolean }
import { answerOf, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What a token acquisition holds: the request, and how it came out (a failure until a token comes). */
export type TokenHeld = TokenRequest & { outcome: TokenOutcome }

/** Where a token's acquisition stands, in spec section 4's words (silent renewal, acquire token) and section 8's. */
const said = {
  fromCache: 'the access token looked for in the cache',
  byRefreshToken: 'silent renewal by refresh token',
  byHiddenFrame: 'silent renewal by a hidden frame',
  signingInAgain: 'only the user can help: signing in again asked for',
  acquired: 'the token acquired, the call going ahead',
  redirecting: 'sent to sign in again, the page leaving',
  failed: 'Could not acquire access token',
} as const
const t = 'tokenAcquisition'
/**
 * The states of machines/token.machine.ts that realise each of the oracle's (decision 0061): the
 * look at whether anyone is signed in, passed through as the call starts, reads as the cache's.
 */
export const relation = {
  [said.fromCache]: [`${t}.checkingAccount`, `${t}.fromCache`],
  [said.byRefreshToken]: `${t}.byRefreshToken`,
  [said.byHiddenFrame]: `${t}.byHiddenFrame`,
  [said.signingInAgain]: `${t}.signingInAgain`,
  [said.acquired]: `${t}.acquired`,
  [said.redirecting]: `${t}.redirecting`,
  [said.failed]: `${t}.failed`,
} satisfies Relation
/** Section 8's token failure: how the asking ends until a token comes. */
const failed: TokenOutcome = { status: 'failed', message: said.failed }
const awaitedIn = {
  tokenFromCache: said.fromCache,
  tokenByRefreshToken: said.byRefreshToken,
  tokenByHiddenFrame: said.byHiddenFrame,
  signInAgain: said.signingInAgain,
}
/** MSAL's flags on a failure; anything else thrown has none. */
const flag = (error: unknown, name: 'refreshTokenUnusable' | 'interactionRequired') => (error as Flags | null | undefined)?.[name] === true

/**
 * Spec sections 4 and 8: a token from the cache, else by refresh token, then by a hidden frame
 * when the refresh token is invalid or expired, then by signing in again when only the user can
 * help (a signed-out user goes there at once); any other failure is 'Could not acquire access token'.
 */
export const tokenOracle: Oracle<TokenRequest, TokenHeld> = {
  relation,
  start: (input) => ({ state: input.account ? said.fromCache : said.signingInAgain, held: { ...input, outcome: failed } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (!answer?.awaited) return now
    const to = (state: string, outcome: TokenOutcome = failed) => ({ state, held: { ...now.held, outcome } })
    if (answer.done) return answer.actor === 'signInAgain' ? to(said.redirecting, { status: 'redirecting' }) : to(said.acquired, { status: 'acquired', accessToken: answer.output as string })
    switch (answer.actor) {
      case 'tokenFromCache':
        return to(said.byRefreshToken)
      case 'tokenByRefreshToken':
        return to(flag(answer.error, 'refreshTokenUnusable') ? said.byHiddenFrame : said.failed)
      case 'tokenByHiddenFrame':
        return to(flag(answer.error, 'interactionRequired') ? said.signingInAgain : said.failed)
      default:
        return to(said.failed)
    }
  },
}
