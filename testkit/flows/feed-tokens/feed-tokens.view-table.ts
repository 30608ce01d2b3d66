/** What the feed tokens page shows in each state of the feedTokens machine, written from the page's rules. */
import { newSecret } from './feed-tokens.model'
import type { FeedTokensHeld } from './feed-tokens.oracle'
import { configuredFeedSource } from '@/testkit/package-feed-source'
import { pageOrigin } from '@/testkit/views/page-origin'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** Each token's row: name, last four, created, expires, last used ('Never' until the feed let it in). */
const rowTexts: Record<string, string[]> = {
  ft_build: ['Build server', '…ab12', 'January 15, 2026', 'January 15, 2027', 'November 18, 2026'],
  ft_new: ['GitHub Actions', '…q7w3', 'November 25, 2026', 'November 25, 2027', 'Never'],
}
const empty = 'No feed tokens yet.'
const create = 'Create feed token'

/** The list under any dialog: its rows, or the empty text; never a secret. */
function list({ tokens }: FeedTokensHeld): StateView {
  const gone = Object.keys(rowTexts).filter((id) => !tokens.some((token) => token.id === id))
  return {
    shows: ['Feed tokens', ...(tokens.length ? tokens.flatMap((token) => rowTexts[token.id]!) : [empty])],
    hides: [newSecret, ...(tokens.length ? [empty] : []), ...gone.map((id) => rowTexts[id]![1]!)],
  }
}

/** A dialog over the list: the page's own buttons cannot be pressed behind it. */
function under(held: FeedTokensHeld, dialog: string, view: StateView): StateView {
  const page = list(held)
  const rows = held.tokens.map((token) => `Revoke ${token.name}`)
  return { ...view, dialogs: [dialog], shows: [...page.shows!, ...(view.shows ?? [])], hides: view.hides ?? [], disabled: [create, ...rows, ...(view.disabled ?? [])] }
}

/** The create form keeps what was sent through a failure; a new opening starts afresh, with 365 days. */
const typed = ({ request }: FeedTokensHeld) => ({ Name: request?.name ?? '', 'Expires in (days)': String(request?.expiresInDays ?? 365) })
const failure = ({ error }: FeedTokensHeld) => (error ? [error] : [])

export const feedTokensViewTable: ViewTable<FeedTokensHeld> = {
  'feedTokens.loading': { shows: ['Feed tokens'], hides: [empty], absent: [create, 'Try again'], dialogs: [], alerts: [] },
  'feedTokens.failed': (_, { error }) => ({ alerts: [`Your feed tokens could not be loaded${error}Try again`], enabled: ['Try again'], absent: [create], hides: [empty] }),
  'feedTokens.ready.empty': (_, held) => ({ ...list(held), enabled: [create], absent: ['Try again'], dialogs: [], alerts: [] }),
  'feedTokens.ready.shown': (_, held) => ({ ...list(held), enabled: [create, ...held.tokens.map((token) => `Revoke ${token.name}`)], dialogs: [], alerts: [] }),
  'feedTokens.ready.dialog.creating.editing': (_, held) => under(held, 'Create feed token', { fields: typed(held), enabled: ['Create token', 'Cancel'], alerts: failure(held) }),
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
}
