/** Model of the feed tokens machine for generated paths: tests, the path catalogue and coverage. */
import type { CreatedFeedToken, FeedToken, FeedTokenCreator } from '@/common/contract'
import type { FeedTokenDraft } from '@/common/feed-token-draft'
import { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'

/** The owner, who made most tokens and manages them still. */
export const paula: FeedTokenCreator = { oid: 'oid-paula', name: 'Paula Plus', email: 'plus@example.com', managesTokens: true }
/** A seat manager since removed from the organisation: the tokens they made still work until revoked. */
export const sam: FeedTokenCreator = { oid: 'oid-sam', name: 'Sam Seats', email: 'sam@example.com', managesTokens: false }
/** A token the owner made without a scope (made before issue 47), never seen by the feed: what every fixture starts from. */
export const unscoped = { createdBy: paula, packages: null, maxNetworks: null, suspendOnLeak: false, leakAt: null, suspendedAt: null, networks: [], downloads: [] } satisfies Partial<FeedToken>
/** A token of a live subscription: it covers everything released up to the subscription's period end. */
const live = { subscriptionEnded: false, updatesUntil: '2027-06-01T00:00:00.000Z', newestCovered: '9.2.0', ...unscoped }
/** Used by CI last week, from two networks, for Popups only; made by Sam, who has left. */
export const buildToken: FeedToken = {
  id: 'ft_build',
  name: 'Build server',
  last4: 'ab12',
  createdAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2027-01-15T10:00:00.000Z',
  lastUsedAt: '2026-11-18T06:30:00.000Z',
  ...live,
  createdBy: sam,
  packages: ['Prism.Plus.Popups'],
  maxNetworks: 3,
  networks: [
    { network: '198.51.100.0/24', lastSeenAt: '2026-11-18T06:30:00.000Z', allowed: true },
    { network: '2001:db8:1:2::/64', lastSeenAt: '2026-11-17T06:30:00.000Z', allowed: true },
  ],
  downloads: [{ packageId: 'Prism.Plus.Popups', version: '9.0.0', downloads: 12 }],
}
/** Suspended on a possible leak: a fourth network within 24 hours. */
export const leakedToken: FeedToken = {
  id: 'ft_leaked',
  name: 'Deploy key',
  last4: 'lk99',
  createdAt: '2026-10-01T10:00:00.000Z',
  expiresAt: '2027-10-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T08:00:00.000Z',
  ...live,
  maxNetworks: 3,
  suspendOnLeak: true,
  leakAt: '2026-11-20T08:00:00.000Z',
  suspendedAt: '2026-11-20T08:00:00.000Z',
  networks: [{ network: '192.0.2.0/24', lastSeenAt: '2026-11-20T08:00:00.000Z', allowed: false }],
}
/** Made in the dialog: never used yet. */
export const newToken: FeedToken = { id: 'ft_new', name: 'GitHub Actions', last4: 'q7w3', createdAt: '2026-11-25T12:00:00.000Z', expiresAt: '2027-11-25T12:00:00.000Z', lastUsedAt: null, ...live }
export const newSecret = 'pft_0123456789abcdefghijklmnopq7w3'
export const created: CreatedFeedToken = { token: newToken, secret: newSecret }

/** What the owner types: a name and the default days, or more days than a token may last. */
export const goodDraft: FeedTokenDraft = { name: 'GitHub Actions', expiresInDays: 365, packages: '', maxNetworks: 3, suspendOnLeak: false }
/** A scope wider than the subscription's Prism.Plus.*: the server's field error. */
export const widerScope = 'Packages: Prism.* is wider than this subscription covers (it covers Prism.Plus.*).'
/** The server refusing the scope on its field, as the API client's error says it. */
export const scopeRefusal = Object.assign(new Error(widerScope), { field: 'packages' })
export const tooLongDraft: FeedTokenDraft = { name: 'GitHub Actions', expiresInDays: 731 }

export const conflict = 'There was a conflict with your request. The item may have been modified by another user.'
export const notFound = "The requested information couldn't be found. Please try again or contact support."
export const offline = 'There was a problem connecting to the server. Please try again.'

export const fixtures: ActorFixtures<typeof feedTokensMachine> = {
  loadTokens: { done: [[buildToken], [leakedToken], []], error: [new Error(offline)] },
  createToken: { done: [created], error: [new Error(conflict)] },
  revokeToken: { done: [undefined], error: [new Error(notFound)] },
  resumeToken: { done: [undefined], error: [new Error(notFound)] },
  revokeTokensBy: { done: [{ revoked: 1 }], error: [new Error(offline)] },
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
    { type: 'resume.request', token: leakedToken },
    // A token never marked: Resume is not offered for it.
    { type: 'resume.request', token: buildToken },
    { type: 'resume.confirm' },
    { type: 'revokeBy.request', creator: sam.oid },
    // Someone who made none of the tokens listed: nothing to revoke.
    { type: 'revokeBy.request', creator: 'oid-nobody' },
    { type: 'revokeBy.confirm' },
    { type: 'dialog.close' },
    ...actorEvents(fixtures),
  ],
  // What the user can tell apart: where it stands, the tokens listed, the message, the secret shown.
  serialize: (snapshot) => ({
    value: snapshot.value,
    tokens: snapshot.context.tokens.map((token) => token.id),
    error: snapshot.context.error,
    errorField: snapshot.context.errorField,
    secret: snapshot.context.created?.secret ?? null,
  }),
}
