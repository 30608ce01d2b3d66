import type { EventObject } from 'xstate'
import { feedTokenLimits, type CreatedFeedToken, type CreateFeedTokenRequest, type FeedToken, type FeedTokenCreator } from '@/common/contract'
import { fieldOf } from '@/testkit/form-rules'
import { answerOf, shownMessage, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the feed tokens page holds: the list, the message (and the field it is under), the request sent, the secret made, the token asked about. */
export interface FeedTokensHeld {
  tokens: FeedToken[]
  error: string | null
  errorField: string | null
  request: CreateFeedTokenRequest | null
  created: CreatedFeedToken | null
  revoking: FeedToken | null
  resuming: FeedToken | null
  revokingBy: FeedTokenCreator | null
}

/** Where the feed tokens page stands, in issues 33 and 47's words. */
const said = {
  loading: 'the tokens loading',
  failed: 'the tokens not loaded',
  none: 'no feed tokens yet',
  listed: 'the tokens listed',
  describing: 'a new token being described',
  making: 'the token being made',
  secretShown: 'the new secret shown, once',
  revokeAsked: 'revoking a token, asked to confirm',
  revoking: 'the token being revoked',
  resumeAsked: 'resuming a token marked a possible leak, asked to confirm',
  resuming: 'the token being resumed',
  revokeByAsked: 'revoking every token one person made, asked to confirm',
  revokingBy: "the person's tokens being revoked",
} as const
const m = 'feedTokens'
const dialog = `${m}.ready.dialog`
/** The states of machines/feed-tokens.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: `${m}.loading`,
  [said.failed]: `${m}.failed`,
  [said.none]: `${m}.ready.empty`,
  [said.listed]: `${m}.ready.shown`,
  [said.describing]: `${dialog}.creating.editing`,
  [said.making]: `${dialog}.creating.submitting`,
  [said.secretShown]: `${dialog}.created`,
  [said.revokeAsked]: `${dialog}.revoking.confirming`,
  [said.revoking]: `${dialog}.revoking.removing`,
  [said.resumeAsked]: `${dialog}.resuming.confirming`,
  [said.resuming]: `${dialog}.resuming.restoring`,
  [said.revokeByAsked]: `${dialog}.revokingBy.confirming`,
  [said.revokingBy]: `${dialog}.revokingBy.removing`,
} satisfies Relation
/** The dialogs that can be closed: not one whose request is out. */
const closable: string[] = [said.describing, said.secretShown, said.revokeAsked, said.resumeAsked, said.revokeByAsked]
const awaitedIn = { loadTokens: said.loading, createToken: said.making, revokeToken: said.revoking, resumeToken: said.resuming, revokeTokensBy: said.revokingBy }
/** A dialog opens afresh, and closing it forgets what it held (a secret above all). */
const fresh = { error: null, errorField: null, request: null, created: null, revoking: null, resuming: null, revokingBy: null } satisfies Partial<FeedTokensHeld>
/** The field a refusal names (`{ message, field }`): the form says it there. */
const fieldNamed = (error: unknown) => {
  const field = (error as { field?: unknown } | null)?.field
  return typeof field === 'string' ? field : null
}
/** A whole number from 1 to `most`, or `fallback` when left out; null for anything else. */
const wholeUpTo = (typed: unknown, most: number, fallback: number) =>
  typed === undefined ? fallback : Number.isInteger(typed) && (typed as number) >= 1 && (typed as number) <= most ? (typed as number) : null
/** Issue 47's package patterns: a NuGet id (dot-separated parts of letters, digits, _ and -), that id ending in `.*`, or a prefix ending in `*`. */
const nugetId = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/
const isPattern = (pattern: string) => pattern.length <= 100 && (nugetId.test(pattern.replace(/\.\*$/, '')) || /^[A-Za-z0-9_.-]*\*$/.test(pattern))
/** The patterns as typed (separated by commas or white space) or as a list; at most 10; none: all the subscription covers. */
function patternsOf(typed: unknown): string[] | null {
  if (typed === undefined) return []
  if (typeof typed !== 'string' && !(Array.isArray(typed) && typed.every((each) => typeof each === 'string'))) return null
  const patterns = (Array.isArray(typed) ? typed : typed.split(/[\s,]+/)).map((each: string) => each.trim()).filter(Boolean)
  return patterns.length <= feedTokenLimits.patterns && patterns.every(isPattern) ? patterns : null
}

/**
 * The token a draft asks for, or null when the form must say why (issue 33's name and days, issue
 * 47's scope; written here, not taken from the contract's schema the machine checks with): a name,
 * trimmed, of at most 60 characters; 365 days unless said, a whole number up to 730; the packages;
 * 3 networks a day unless said, up to 10; not suspended on a leak unless asked.
 */
function requestOf(draft: Record<string, unknown>): CreateFeedTokenRequest | null {
  const name = fieldOf(draft.name, feedTokenLimits.name, true)
  const expiresInDays = wholeUpTo(draft.expiresInDays, feedTokenLimits.maxDays, feedTokenLimits.defaultDays)
  const packages = patternsOf(draft.packages)
  const maxNetworks = wholeUpTo(draft.maxNetworks, feedTokenLimits.maxNetworks, feedTokenLimits.defaultNetworks)
  const suspendOnLeak = draft.suspendOnLeak ?? false
  if (name === null || expiresInDays === null || packages === null || maxNetworks === null || typeof suspendOnLeak !== 'boolean') return null
  return { name, expiresInDays, packages, maxNetworks, suspendOnLeak }
}

/** The list's own state: its rows, or 'No feed tokens yet.'. */
const listed = (tokens: readonly FeedToken[]) => (tokens.length ? said.listed : said.none)

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
 *
 * Issue 48's offboarding: each token names who made it; every token one person made (someone who
 * made none of those listed: nothing to ask) is revoked at once after a confirmation, and they all
 * leave the list; the others stay.
 */
export const feedTokensOracle: Oracle<void, FeedTokensHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { tokens: [], ...fresh } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<FeedTokensHeld> = {}): Expected<FeedTokensHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) {
        const back = { loadTokens: said.failed, createToken: said.describing, revokeToken: said.revokeAsked, resumeToken: said.resumeAsked, revokeTokensBy: said.revokeByAsked }[answer.actor]!
        return to(back, { error: shownMessage(answer.error), ...(answer.actor === 'createToken' ? { errorField: fieldNamed(answer.error) } : {}) })
      }
      if (answer.actor === 'loadTokens') return to(listed(answer.output as FeedToken[]), { tokens: answer.output as FeedToken[], error: null })
      if (answer.actor === 'createToken') {
        const made = answer.output as CreatedFeedToken
        return to(said.secretShown, { tokens: [made.token, ...now.held.tokens.filter((token) => token.id !== made.token.id)], created: made })
      }
      if (answer.actor === 'revokeTokensBy') {
        const tokens = now.held.tokens.filter((token) => token.createdBy.oid !== now.held.revokingBy?.oid)
        return to(listed(tokens), { tokens, revokingBy: null })
      }
      if (answer.actor === 'resumeToken') {
        const tokens = now.held.tokens.map((token) => (token.id === now.held.resuming?.id ? { ...token, leakAt: null, suspendedAt: null } : token))
        return to(said.listed, { tokens, resuming: null })
      }
      const tokens = now.held.tokens.filter((token) => token.id !== now.held.revoking?.id)
      return to(listed(tokens), { tokens, revoking: null })
    }
    if (event.type === 'dialog.close' && closable.includes(now.state)) return to(listed(now.held.tokens), fresh)
    const { token, draft, creator } = event as EventObject & { token?: FeedToken; draft?: unknown; creator?: string }
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} tokens.reload`:
        return to(said.loading, { error: null })
      case `${said.none} create.open`:
      case `${said.listed} create.open`:
        return to(said.describing, fresh)
      case `${said.listed} revoke.request`:
        return token && now.held.tokens.some((listedToken) => listedToken.id === token.id) ? to(said.revokeAsked, { ...fresh, revoking: token }) : now
      // Only a token the list shows marked a possible leak.
      case `${said.listed} resume.request`: {
        const listedToken = token && now.held.tokens.find((each) => each.id === token.id)
        return listedToken && listedToken.leakAt ? to(said.resumeAsked, { ...fresh, resuming: listedToken }) : now
      }
      // Only a person who made a token the list shows.
      case `${said.listed} revokeBy.request`: {
        const made = now.held.tokens.find((each) => each.createdBy.oid === creator)
        return made ? to(said.revokeByAsked, { ...fresh, revokingBy: made.createdBy }) : now
      }
      case `${said.revokeByAsked} revokeBy.confirm`:
        return to(said.revokingBy, { error: null })
      // Sent only as the form's rules accept it (the name trimmed, the days defaulted); else the form says why.
      case `${said.describing} create.submit`: {
        const request = requestOf((draft ?? {}) as Record<string, unknown>)
        return request ? to(said.making, { error: null, errorField: null, request }) : now
      }
      case `${said.revokeAsked} revoke.confirm`:
        return to(said.revoking, { error: null })
      case `${said.resumeAsked} resume.confirm`:
        return to(said.resuming, { error: null })
      default:
        return now
    }
  },
}
