import type { SnapshotFrom } from 'xstate'
import { feedTokenUsername, type FeedToken, type FeedTokenCreator } from '@/common/contract'
import { formatCoverage, formatLongDate } from '@/common/format'
import type { feedTokensMachine } from '@/machines/feed-tokens.machine'

/** What a token's row and its maker's entry say of someone removed or demoted since they made it. */
const noLongerManages = 'No longer manages feed tokens'

/** A number of tokens in words. */
const countOf = (count: number) => `${count} feed token${count === 1 ? '' : 's'}`

/** A token as its row shows it: never the secret, only its last four characters. */
export function tokenRow(token: FeedToken) {
  return {
    id: token.id,
    name: token.name,
    createdBy: token.createdBy.name,
    createdByEmail: token.createdBy.email,
    // Removed from the organisation, or demoted to billing manager: their tokens still work until revoked.
    creatorGone: token.createdBy.managesTokens ? null : noLongerManages,
    lastFour: `…${token.last4}`,
    created: formatLongDate(token.createdAt),
    expires: formatLongDate(token.expiresAt),
    lastUsed: token.lastUsedAt ? formatLongDate(token.lastUsedAt) : 'Never',
    // Its subscription ended: a grey 'Expired' badge and what it still opens in the feed, as My Licenses says them of a seat.
    ended: token.subscriptionEnded ? 'Expired' : null,
    coverage: token.subscriptionEnded && token.updatesUntil ? formatCoverage(token.updatesUntil, token.newestCovered) : null,
    scope: scopeOf(token),
    // A possible leak: suspended (refused until resumed) or only marked.
    leak: token.suspendedAt ? 'Suspended: possible leak' : token.leakAt ? 'Possible leak' : null,
    networks: token.networks.length ? token.networks.map((seen) => (seen.allowed ? seen.network : `${seen.network} (refused)`)) : ['None'],
    downloads: token.downloads.length ? token.downloads.map((counted) => `${counted.packageId} ${counted.version} × ${counted.downloads}`) : ['None'],
    token,
  }
}

/** Everyone who made a listed token, once each with how many, those who no longer manage feed tokens first (offboarding). */
export function tokenCreators(tokens: readonly FeedToken[]) {
  const byPerson = new Map<string, { creator: FeedTokenCreator; count: number }>()
  for (const token of tokens) {
    const seen = byPerson.get(token.createdBy.oid)
    byPerson.set(token.createdBy.oid, { creator: token.createdBy, count: (seen?.count ?? 0) + 1 })
  }
  return [...byPerson.values()]
    .sort((a, b) => Number(a.creator.managesTokens) - Number(b.creator.managesTokens) || a.creator.name.localeCompare(b.creator.name))
    .map(({ creator, count }) => ({ oid: creator.oid, name: creator.name, email: creator.email, gone: creator.managesTokens ? null : noLongerManages, tokens: countOf(count) }))
}
export type CreatorEntry = ReturnType<typeof tokenCreators>[number]

/** A token's scope in words: its packages, and its networks a day. */
function scopeOf(token: FeedToken): string {
  const packages = token.packages ? token.packages.join(', ') : 'Every package of its subscription'
  const networks = token.maxNetworks ? ` · at most ${token.maxNetworks} network${token.maxNetworks === 1 ? '' : 's'} a day${token.suspendOnLeak ? ', suspended on a leak' : ''}` : ''
  return `${packages}${networks}`
}
export type TokenRow = ReturnType<typeof tokenRow>

/** The feed tokens page, from the machine: the list's state, and the one dialog over it. */
export function selectFeedTokens(snapshot: SnapshotFrom<typeof feedTokensMachine>) {
  const { tokens, error, errorField, created, revoking, resuming, revokingBy } = snapshot.context
  const creating = snapshot.matches({ ready: { dialog: 'creating' } })
  const submitting = snapshot.matches({ ready: { dialog: { creating: 'submitting' } } })
  const removing = snapshot.matches({ ready: { dialog: { revoking: 'removing' } } })
  const restoring = snapshot.matches({ ready: { dialog: { resuming: 'restoring' } } })
  const removingBy = snapshot.matches({ ready: { dialog: { revokingBy: 'removing' } } })
  const madeBy = revokingBy ? tokens.filter((token) => token.createdBy.oid === revokingBy.oid).length : 0
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? error : null,
    listed: snapshot.matches('ready'),
    rows: tokens.map(tokenRow),
    creators: tokenCreators(tokens),
    canCreate: snapshot.can({ type: 'create.open' }),
    // Revoke asks from the list while no dialog is open.
    canRevoke: snapshot.matches({ ready: 'shown' }),
    create: { opened: creating, submitting, error: creating && !errorField ? error : null, fieldErrors: creating && errorField && error ? { [errorField]: error } : {} },
    created: snapshot.matches({ ready: { dialog: 'created' } }) && created ? { id: created.token.id, name: created.token.name, username: feedTokenUsername, secret: created.secret } : null,
    revoke: snapshot.matches({ ready: { dialog: 'revoking' } }) && revoking ? { row: tokenRow(revoking), removing, error } : null,
    resume: snapshot.matches({ ready: { dialog: 'resuming' } }) && resuming ? { row: tokenRow(resuming), restoring, error } : null,
    revokeBy:
      snapshot.matches({ ready: { dialog: 'revokingBy' } }) && revokingBy
        ? { name: revokingBy.name, email: revokingBy.email, tokens: madeBy === 1 ? 'the feed token' : `all ${countOf(madeBy)}`, removing: removingBy, error }
        : null,
  }
}
