/** What the feed tokens page shows in each state of the feedTokens machine, written from the page's rules. */
import { newSecret } from './feed-tokens.model'
import type { FeedTokensHeld } from './feed-tokens.oracle'
import { configuredFeedSource } from '@/testkit/package-feed-source'
import { pageOrigin } from '@/testkit/views/page-origin'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/**
 * Each token's row: name, its scope, last four, created, expires, last used ('Never' until the feed
 * let it in), its networks of the last 30 days (a refused one said so), its downloads per package and
 * version, and who made it (name and address).
 */
const rowTexts: Record<string, string[]> = {
  ft_build: [
    'Build server',
    'Prism.Plus.Popups · at most 3 networks a day',
    '…ab12',
    'January 15, 2026',
    'January 15, 2027',
    'November 18, 2026',
    '198.51.100.0/24',
    '2001:db8:1:2::/64',
    'Prism.Plus.Popups 9.0.0 × 12',
    'Sam Seats',
    'sam@example.com',
  ],
  ft_new: ['GitHub Actions', 'Every package of its subscription', '…q7w3', 'November 25, 2026', 'November 25, 2027', 'Never', 'Paula Plus', 'plus@example.com'],
  ft_leaked: [
    'Deploy key',
    'Every package of its subscription · at most 3 networks a day, suspended on a leak',
    '…lk99',
    'October 1, 2026',
    '192.0.2.0/24 (refused)',
    'Paula Plus',
    'plus@example.com',
  ],
}
/** A token made by someone since removed or demoted says so, on its row and by their name under 'Tokens by person'. */
const gone = 'No longer manages feed tokens'
const byPerson = 'Tokens by person'
/** Everyone who made a listed token, once each. */
const makers = (tokens: FeedTokensHeld['tokens']) => [...new Map(tokens.map((token) => [token.createdBy.oid, token.createdBy])).values()]
/** A token suspended on a possible leak says so on its row until it is resumed. */
const suspended = 'Suspended: possible leak'
/** The badge of a token whose subscription ended: the tokens here are all of a live one. */
const ended = 'Expired'
const empty = 'No feed tokens yet.'
const create = 'Create feed token'

/** The list under any dialog: its rows, or the empty text; never a secret. */
function list({ tokens }: FeedTokensHeld): StateView {
  const unlisted = Object.keys(rowTexts).filter((id) => !tokens.some((token) => token.id === id))
  const marked = tokens.some((token) => token.suspendedAt)
  const left = tokens.some((token) => !token.createdBy.managesTokens)
  return {
    shows: ['Feed tokens', ...(tokens.length ? [...tokens.flatMap((token) => rowTexts[token.id]!), byPerson] : [empty]), ...(marked ? [suspended] : []), ...(left ? [gone] : [])],
    hides: [newSecret, ended, ...(tokens.length ? [empty] : [byPerson]), ...unlisted.map((id) => rowTexts[id]![2]!), ...(marked ? [] : [suspended]), ...(left ? [] : [gone])],
  }
}

/** The rows' buttons: Revoke on each, Resume on each marked a possible leak; Revoke all for each person who made one. */
const rowButtons = ({ tokens }: FeedTokensHeld) => [
  ...tokens.map((token) => `Revoke ${token.name}`),
  ...tokens.filter((token) => token.leakAt).map((token) => `Resume ${token.name}`),
  ...makers(tokens).map((maker) => `Revoke all tokens by ${maker.name}`),
]

/** A dialog over the list: the page's own buttons cannot be pressed behind it. */
function under(held: FeedTokensHeld, dialog: string, view: StateView): StateView {
  const page = list(held)
  return { ...view, dialogs: [dialog], shows: [...page.shows!, ...(view.shows ?? [])], hides: view.hides ?? [], disabled: [create, ...rowButtons(held), ...(view.disabled ?? [])] }
}

/** The create form keeps what was sent through a failure; a new opening starts afresh, with 365 days, every package, 3 networks a day. */
const typed = ({ request }: FeedTokensHeld) => ({
  Name: request?.name ?? '',
  'Expires in (days)': String(request?.expiresInDays ?? 365),
  Packages: request?.packages.join(', ') ?? '',
  'Networks a day': String(request?.maxNetworks ?? 3),
})
const failure = ({ error, errorField }: FeedTokensHeld) => (error && !errorField ? [error] : [])
/** A refusal of one field is said under it, not over the form. */
const fieldFailure = ({ error, errorField }: FeedTokensHeld) => (error && errorField ? [error] : [])

/** The question before a person's tokens are revoked, around their name (set in bold, a text of its own). */
function revokeByQuestion({ tokens, revokingBy }: FeedTokensHeld) {
  const made = tokens.filter((token) => token.createdBy.oid === revokingBy!.oid).length
  return `Revoke ${made === 1 ? 'the feed token' : `all ${made} feed tokens`} made by (${revokingBy!.email})? Builds that use them can no longer restore packages, at once.`
}

export const feedTokensViewTable: ViewTable<FeedTokensHeld> = {
  'feedTokens.loading': { shows: ['Feed tokens'], hides: [empty], absent: [create, 'Try again'], dialogs: [], alerts: [] },
  'feedTokens.failed': (_, { error }) => ({ alerts: [`Your feed tokens could not be loaded${error}Try again`], enabled: ['Try again'], absent: [create], hides: [empty] }),
  'feedTokens.ready.empty': (_, held) => ({ ...list(held), enabled: [create], absent: ['Try again'], dialogs: [], alerts: [] }),
  'feedTokens.ready.shown': (_, held) => ({ ...list(held), enabled: [create, ...rowButtons(held)], dialogs: [], alerts: [] }),
  'feedTokens.ready.dialog.creating.editing': (_, held) =>
    under(held, 'Create feed token', { fields: typed(held), shows: fieldFailure(held), enabled: ['Create token', 'Cancel'], alerts: failure(held) }),
  // One request at a time: neither button can be pressed, and the typed values stay.
  'feedTokens.ready.dialog.creating.submitting': (_, held) => under(held, 'Create feed token', { fields: typed(held), disabled: ['Create token', 'Cancel'], alerts: [] }),
  // The secret, this once, with username 'token' and a NuGet.config for the configured feed (the token's own address) that reads it from the environment.
  'feedTokens.ready.dialog.created': (_, held) => ({
    dialogs: ['Feed token created'],
    fields: { Username: 'token', Secret: held.created!.secret },
    shows: [
      ...list(held).shows!,
      /^<\?xml[\s\S]*<add key="PrismPlus" value="[^"]+" \/>[\s\S]*<add key="Username" value="token" \/>[\s\S]*%PRISM_FEED_TOKEN%/,
      // The configured feed at the token's own address: NuGet's HTTP cache is kept per source address.
      new RegExp(
        `value="${configuredFeedSource(pageOrigin())
          .replace(/index\.json$/, `for/${held.created!.token.id}/index.json`)
          .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`,
      ),
    ],
    hides: [empty],
    enabled: ['Done', 'Copy secret', 'Copy username', 'Copy NuGet.config'],
    alerts: [/^Copy the secret nowIt won't be shown again\./],
  }),
  'feedTokens.ready.dialog.revoking.confirming': (_, held) => under(held, 'Revoke feed token', { shows: [/can no longer restore packages/], enabled: ['Revoke', 'Cancel'], alerts: failure(held) }),
  'feedTokens.ready.dialog.revoking.removing': (_, held) => under(held, 'Revoke feed token', { shows: [/can no longer restore packages/], disabled: ['Revoke', 'Cancel'], alerts: [] }),
  // Names the person, their address and how many of the listed tokens they made: 'the feed token' for one, 'all 2 feed tokens' for more.
  'feedTokens.ready.dialog.revokingBy.confirming': (_, held) =>
    under(held, "Revoke a person's feed tokens", { shows: [revokeByQuestion(held), held.revokingBy!.name], enabled: ['Revoke all', 'Cancel'], alerts: failure(held) }),
  'feedTokens.ready.dialog.revokingBy.removing': (_, held) =>
    under(held, "Revoke a person's feed tokens", { shows: [revokeByQuestion(held), held.revokingBy!.name], disabled: ['Revoke all', 'Cancel'], alerts: [] }),
  'feedTokens.ready.dialog.resuming.confirming': (_, held) =>
    under(held, 'Resume feed token', { shows: [/are let in again, and its networks are counted afresh/], enabled: ['Resume', 'Cancel'], alerts: failure(held) }),
  'feedTokens.ready.dialog.resuming.restoring': (_, held) => under(held, 'Resume feed token', { shows: [/are let in again/], disabled: ['Resume', 'Cancel'], alerts: [] }),
}
