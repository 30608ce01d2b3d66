import * as v from 'valibot'
import type { EventObject } from 'xstate'
import { createFeedTokenRequestSchema, type CreatedFeedToken, type CreateFeedTokenRequest, type FeedToken } from '@/common/contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the feed tokens page holds: the list, the message (and the field it is under), the request sent, the secret made, the token asked about. */
export interface FeedTokensHeld {
  tokens: FeedToken[]
  error: string | null
  errorField: string | null
  request: CreateFeedTokenRequest | null
  created: CreatedFeedToken | null
  revoking: FeedToken | null
  resuming: FeedToken | null
}

const at = 'feedTokens'
const dialog = `${at}.ready.dialog`
/** A dialog whose request is out: it cannot be closed under it. */
const busy = [`${dialog}.creating.submitting`, `${dialog}.revoking.removing`, `${dialog}.resuming.restoring`]
const awaitedIn = { loadTokens: `${at}.loading`, createToken: `${dialog}.creating.submitting`, revokeToken: `${dialog}.revoking.removing`, resumeToken: `${dialog}.resuming.restoring` }
/** A dialog opens afresh, and closing it forgets what it held (a secret above all). */
const fresh = { error: null, errorField: null, request: null, created: null, revoking: null, resuming: null } satisfies Partial<FeedTokensHeld>
/** The field a refusal names (`{ message, field }`): the form says it there. */
const fieldNamed = (error: unknown) => {
  const field = (error as { field?: unknown } | null)?.field
  return typeof field === 'string' ? field : null
}
/** The list's own state: its rows, or 'No feed tokens yet.'. */
const listed = (tokens: readonly FeedToken[]) => `${at}.ready.${tokens.length ? 'shown' : 'empty'}`

/**
 * Issue 33's feed tokens for CI: the list loads (a failure shows its message with Try again); a
 * token is made from a name and days the contract accepts (365 by default, at most 730), put on top
 * of the list, and its secret shown once, in its dialog only; a listed token is revoked after a
 * confirmation and leaves the list. A refusal stays in its dialog with its message.
 *
 * Issue 47's deployment keys: the form also takes the token's scope (packages, networks a day,
 * suspend on leak); a scope the server finds wider than the subscription covers is refused with a
 * field error, said under its field. A token marked a possible leak can be resumed by an owner
 * after a confirmation: it is let in again, no longer marked; any other token cannot.
 */
export const feedTokensOracle: Oracle<void, FeedTokensHeld> = {
  start: () => ({ state: `${at}.loading`, held: { tokens: [], ...fresh } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<FeedTokensHeld> = {}): Expected<FeedTokensHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) {
        const back = { loadTokens: `${at}.failed`, createToken: `${dialog}.creating.editing`, revokeToken: `${dialog}.revoking.confirming`, resumeToken: `${dialog}.resuming.confirming` }[
          answer.actor
        ]!
        return to(back, { error: shownMessage(answer.error), ...(answer.actor === 'createToken' ? { errorField: fieldNamed(answer.error) } : {}) })
      }
      if (answer.actor === 'loadTokens') return to(listed(answer.output as FeedToken[]), { tokens: answer.output as FeedToken[], error: null })
      if (answer.actor === 'createToken') {
        const made = answer.output as CreatedFeedToken
        return to(`${dialog}.created`, { tokens: [made.token, ...now.held.tokens.filter((token) => token.id !== made.token.id)], created: made })
      }
      if (answer.actor === 'resumeToken') {
        const tokens = now.held.tokens.map((token) => (token.id === now.held.resuming?.id ? { ...token, leakAt: null, suspendedAt: null } : token))
        return to(`${at}.ready.shown`, { tokens, resuming: null })
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
      // Only a token the list shows marked a possible leak.
      case `${at}.ready.shown resume.request`: {
        const listedToken = token && now.held.tokens.find((each) => each.id === token.id)
        return listedToken && listedToken.leakAt ? to(`${dialog}.resuming.confirming`, { ...fresh, resuming: listedToken }) : now
      }
      // Sent only as the contract accepts it (the name trimmed, the days defaulted); else the form says why.
      case `${dialog}.creating.editing create.submit`: {
        const parsed = v.safeParse(createFeedTokenRequestSchema, draft)
        return parsed.success ? to(`${dialog}.creating.submitting`, { error: null, errorField: null, request: parsed.output }) : now
      }
      case `${dialog}.revoking.confirming revoke.confirm`:
        return to(`${dialog}.revoking.removing`, { error: null })
      case `${dialog}.resuming.confirming resume.confirm`:
        return to(`${dialog}.resuming.restoring`, { error: null })
      default:
        return now
    }
  },
}
