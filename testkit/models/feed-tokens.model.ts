/** Model of the feed tokens machine for generated paths: tests, the path catalogue and coverage. */
import type { EventObject } from 'xstate'
import type { CreatedFeedToken, FeedToken } from '../../common/contract'
import type { FeedTokenDraft } from '../../common/feed-token-draft'
import { feedTokensMachine } from '../../machines/feed-tokens.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '../model/paths'

/** Used by CI last week. */
export const buildToken: FeedToken = {
  id: 'ft_build',
  name: 'Build server',
  last4: 'ab12',
  createdAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2027-01-15T10:00:00.000Z',
  lastUsedAt: '2026-11-18T06:30:00.000Z',
}
/** Made in the dialog: never used yet. */
export const newToken: FeedToken = { id: 'ft_new', name: 'GitHub Actions', last4: 'q7w3', createdAt: '2026-11-25T12:00:00.000Z', expiresAt: '2027-11-25T12:00:00.000Z', lastUsedAt: null }
export const newSecret = 'pft_0123456789abcdefghijklmnopq7w3'
export const created: CreatedFeedToken = { token: newToken, secret: newSecret }

/** What the owner types: a name and the default days, or more days than a token may last. */
export const goodDraft: FeedTokenDraft = { name: 'GitHub Actions', expiresInDays: 365 }
export const tooLongDraft: FeedTokenDraft = { name: 'GitHub Actions', expiresInDays: 731 }

export const conflict = 'There was a conflict with your request. The item may have been modified by another user.'
export const notFound = "The requested information couldn't be found. Please try again or contact support."
export const offline = 'There was a problem connecting to the server. Please try again.'

export const fixtures: ActorFixtures<typeof feedTokensMachine> = {
  loadTokens: { done: [[buildToken], []], error: [new Error(offline)] },
  createToken: { done: [created], error: [new Error(conflict)] },
  revokeToken: { done: [undefined], error: [new Error(notFound)] },
}

export const feedTokensModel: PathPlan<typeof feedTokensMachine> = {
  name: 'feedTokens',
  machine: feedTokensMachine,
  actors: Object.keys(fixtures),
  events: [
    { type: 'tokens.reload' },
    { type: 'create.open' },
    { type: 'create.submit', draft: goodDraft },
    { type: 'revoke.request', token: buildToken },
    { type: 'revoke.confirm' },
    { type: 'dialog.close' },
    ...actorEvents(fixtures),
  ],
  // What the user can tell apart: where it stands, the tokens listed, the message, the secret shown.
  serialize: (snapshot) => ({
    value: snapshot.value,
    tokens: snapshot.context.tokens.map((token) => token.id),
    error: snapshot.context.error,
    secret: snapshot.context.created?.secret ?? null,
  }),
}

/**
 * What the feed tokens page holds along a path of `feedTokensModel`, from the answers the test gave
 * and what the user did: the list as loaded, a made token on top, a revoked one gone; the last
 * failure's message until the next action; the secret until its dialog closes; the token asked to
 * be revoked until it is gone or the dialog closes (a close is refused while a request is out).
 */
export function feedTokensAlongPath(sent: readonly EventObject[]) {
  let tokens: FeedToken[] = []
  let error: string | null = null
  let secret: string | null = null
  let revoking: FeedToken | null = null
  let busy = false
  for (const event of sent as readonly (EventObject & { output?: unknown; error?: unknown; token?: FeedToken })[]) {
    const [, outcome, actor] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
    if (outcome) busy = false
    if (outcome === 'error') error = (event.error as Error).message
    if (outcome === 'done') error = null
    if (outcome === 'done' && actor === 'loadTokens') tokens = event.output as FeedToken[]
    if (outcome === 'done' && actor === 'createToken') {
      const made = event.output as CreatedFeedToken
      tokens = [made.token, ...tokens.filter((token) => token.id !== made.token.id)]
      secret = made.secret
    }
    if (outcome === 'done' && actor === 'revokeToken') [tokens, revoking] = [tokens.filter((token) => token.id !== revoking?.id), null]
    if (['tokens.reload', 'create.open', 'create.submit', 'revoke.request', 'revoke.confirm'].includes(event.type)) error = null
    if (event.type === 'create.submit' || event.type === 'revoke.confirm') busy = true
    if (event.type === 'revoke.request') revoking = event.token!
    if (event.type === 'dialog.close' && !busy) [error, secret, revoking] = [null, null, null]
  }
  return { tokens, error, secret, revoking }
}
