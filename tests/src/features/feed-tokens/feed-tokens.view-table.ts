/** What the feed tokens page shows in each state of the feedTokens machine, written from the page's rules. */
import type { EventObject } from 'xstate'
import { feedTokensAlongPath, newSecret } from '../../../../testkit/models/feed-tokens.model'
import { configuredFeedSource } from '../../../../testkit/package-feed-source'
import { lastOf } from '../../../support/context-table'
import type { StateView, ViewTable } from '../../../support/view-table'

/** Each token's row: name, last four, created, expires, last used ('Never' until the feed let it in). */
const rowTexts: Record<string, string[]> = {
  ft_build: ['Build server', '…ab12', 'January 15, 2026', 'January 15, 2027', 'November 18, 2026'],
  ft_new: ['GitHub Actions', '…q7w3', 'November 25, 2026', 'November 25, 2027', 'Never'],
}
const empty = 'No feed tokens yet.'
const create = 'Create feed token'

/** The list under any dialog: its rows, or the empty text; never a secret. */
function list(sent: readonly EventObject[]): StateView {
  const { tokens } = feedTokensAlongPath(sent)
  const gone = Object.keys(rowTexts).filter((id) => !tokens.some((token) => token.id === id))
  return {
    shows: ['Feed tokens', ...(tokens.length ? tokens.flatMap((token) => rowTexts[token.id]!) : [empty])],
    hides: [newSecret, ...(tokens.length ? [empty] : []), ...gone.map((id) => rowTexts[id]![1]!)],
  }
}

/** A dialog over the list: the page's own buttons cannot be pressed behind it. */
function under(sent: readonly EventObject[], dialog: string, view: StateView): StateView {
  const page = list(sent)
  const rows = feedTokensAlongPath(sent).tokens.map((token) => `Revoke ${token.name}`)
  return { ...view, dialogs: [dialog], shows: [...page.shows!, ...(view.shows ?? [])], hides: view.hides ?? [], disabled: [create, ...rows, ...(view.disabled ?? [])] }
}

/** The create form keeps what was typed through a failure; a new opening starts afresh, with 365 days. */
const typedName = (sent: readonly EventObject[]) => (lastOf(sent, 'create.open', 'create.submit')?.type === 'create.submit' ? 'GitHub Actions' : '')
const failure = (sent: readonly EventObject[]) => {
  const { error } = feedTokensAlongPath(sent)
  return error ? [error] : []
}

export const feedTokensViewTable: ViewTable = {
  'feedTokens.loading': { shows: ['Feed tokens'], hides: [empty], absent: [create, 'Try again'], dialogs: [], alerts: [] },
  'feedTokens.failed': {
    alerts: ['Your feed tokens could not be loadedThere was a problem connecting to the server. Please try again.Try again'],
    enabled: ['Try again'],
    absent: [create],
    hides: [empty],
  },
  'feedTokens.ready.empty': (sent) => ({ ...list(sent), enabled: [create], absent: ['Try again'], dialogs: [], alerts: [] }),
  'feedTokens.ready.shown': (sent) => ({ ...list(sent), enabled: [create, ...feedTokensAlongPath(sent).tokens.map((token) => `Revoke ${token.name}`)], dialogs: [], alerts: [] }),
  'feedTokens.ready.dialog.creating.editing': (sent) =>
    under(sent, 'Create feed token', { fields: { Name: typedName(sent), 'Expires in (days)': '365' }, enabled: ['Create token', 'Cancel'], alerts: failure(sent) }),
  // One request at a time: neither button can be pressed, and the typed values stay.
  'feedTokens.ready.dialog.creating.submitting': (sent) =>
    under(sent, 'Create feed token', { fields: { Name: 'GitHub Actions', 'Expires in (days)': '365' }, disabled: ['Create token', 'Cancel'], alerts: [] }),
  // The secret, this once, with username 'token' and a NuGet.config for the configured feed that reads it from the environment.
  'feedTokens.ready.dialog.created': (sent) => ({
    dialogs: ['Feed token created'],
    fields: { Username: 'token', Secret: newSecret },
    shows: [
      ...list(sent).shows!,
      /^<\?xml[\s\S]*<add key="PrismPlus" value="[^"]+" \/>[\s\S]*<add key="Username" value="token" \/>[\s\S]*%PRISM_FEED_TOKEN%/,
      new RegExp(`value="${configuredFeedSource(window.location.origin).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`),
    ],
    hides: [empty],
    enabled: ['Done', 'Copy secret', 'Copy username', 'Copy NuGet.config'],
    alerts: [/^Copy the secret nowIt won't be shown again\./],
  }),
  'feedTokens.ready.dialog.revoking.confirming': (sent) => under(sent, 'Revoke feed token', { shows: [/can no longer restore packages/], enabled: ['Revoke', 'Cancel'], alerts: failure(sent) }),
  'feedTokens.ready.dialog.revoking.removing': (sent) => under(sent, 'Revoke feed token', { shows: [/can no longer restore packages/], disabled: ['Revoke', 'Cancel'], alerts: [] }),
}
