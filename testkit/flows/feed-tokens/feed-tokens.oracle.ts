import * as v from 'valibot'
import type { EventObject } from 'xstate'
import { createFeedTokenRequestSchema, type CreatedFeedToken, type CreateFeedTokenRequest, type FeedToken } from '@/common/contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the feed tokens page holds: the list, the message, the request sent, the secret made, the token asked about. */
export interface FeedTokensHeld {
  tokens: FeedToken[]
  error: string | null
  request: CreateFeedTokenRequest | null
  created: CreatedFeedToken | null
  revoking: FeedToken | null
}

const at = 'feedTokens'
const dialog = `${at}.ready.dialog`
/** A dialog whose request is out: it cannot be closed under it. */
const busy = [`${dialog}.creating.submitting`, `${dialog}.revoking.removing`]
const awaitedIn = { loadTokens: `${at}.loading`, createToken: `${dialog}.creating.submitting`, revokeToken: `${dialog}.revoking.removing` }
/** A dialog opens afresh, and closing it forgets what it held (a secret above all). */
const fresh = { error: null, request: null, created: null, revoking: null } satisfies Partial<FeedTokensHeld>
/** The list's own state: its rows, or 'No feed tokens yet.'. */
const listed = (tokens: readonly FeedToken[]) => `${at}.ready.${tokens.length ? 'shown' : 'empty'}`

/**
 * Issue 33's feed tokens for CI: the list loads (a failure shows its message with Try again); a
 * token is made from a name and days the contract accepts (365 by default, at most 730), put on top
 * of the list, and its secret shown once, in its dialog only; a listed token is revoked after a
 * confirmation and leaves the list. A refusal stays in its dialog with its message.
 */
export const feedTokensOracle: Oracle<void, FeedTokensHeld> = {
  start: () => ({ state: `${at}.loading`, held: { tokens: [], ...fresh } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<FeedTokensHeld> = {}): Expected<FeedTokensHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) {
        const back = { loadTokens: `${at}.failed`, createToken: `${dialog}.creating.editing`, revokeToken: `${dialog}.revoking.confirming` }[answer.actor]!
        return to(back, { error: shownMessage(answer.error) })
      }
      if (answer.actor === 'loadTokens') return to(listed(answer.output as FeedToken[]), { tokens: answer.output as FeedToken[], error: null })
      if (answer.actor === 'createToken') {
        const made = answer.output as CreatedFeedToken
        return to(`${dialog}.created`, { tokens: [made.token, ...now.held.tokens.filter((token) => token.id !== made.token.id)], created: made })
      }
      const tokens = now.held.tokens.filter((token) => token.id !== now.held.revoking?.id)
      return to(listed(tokens), { tokens, revoking: null })
    }
    if (event.type === 'dialog.close' && now.state.startsWith(`${dialog}.`) && !busy.includes(now.state)) return to(listed(now.held.tokens), fresh)
    const { token, draft } = event as EventObject & { token?: FeedToken; draft?: unknown }
    switch (`${now.state} ${event.type}`) {
      case `${at}.failed tokens.reload`:
        return to(`${at}.loading`, { error: null })
      case `${at}.ready.empty create.open`:
      case `${at}.ready.shown create.open`:
        return to(`${dialog}.creating.editing`, fresh)
      case `${at}.ready.shown revoke.request`:
        return token && now.held.tokens.some((listedToken) => listedToken.id === token.id) ? to(`${dialog}.revoking.confirming`, { ...fresh, revoking: token }) : now
      // Sent only as the contract accepts it (the name trimmed, the days defaulted); else the form says why.
      case `${dialog}.creating.editing create.submit`: {
        const parsed = v.safeParse(createFeedTokenRequestSchema, draft)
        return parsed.success ? to(`${dialog}.creating.submitting`, { error: null, request: parsed.output }) : now
      }
      case `${dialog}.revoking.confirming revoke.confirm`:
        return to(`${dialog}.revoking.removing`, { error: null })
      default:
        return now
    }
  },
}
