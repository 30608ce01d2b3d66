/** Model of the feed tokens machine for generated paths: tests, the path catalogue and coverage. */
import type { CreatedFeedToken, FeedToken } from '@/common/contract'
import type { FeedTokenDraft } from '@/common/feed-token-draft'
import { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** Used by CI last week. */
/** A token of a live subscription: it covers everything released up to the subscription's period end. */
const live = { subscriptionEnded: false, updatesUntil: '2027-06-01T00:00:00.000Z', newestCovered: '9.2.0' }
export const buildToken: FeedToken = {
  id: 'ft_build',
  name: 'Build server',
  last4: 'ab12',
  createdAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2027-01-15T10:00:00.000Z',
  lastUsedAt: '2026-11-18T06:30:00.000Z',
  ...live,
}
/** Made in the dialog: never used yet. */
export const newToken: FeedToken = { id: 'ft_new', name: 'GitHub Actions', last4: 'q7w3', createdAt: '2026-11-25T12:00:00.000Z', expiresAt: '2027-11-25T12:00:00.000Z', lastUsedAt: null, ...live }
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
