// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FeedToken } from '@/common/contract'
import { FeedTokensPage } from '@/src/features/feed-tokens/components/FeedTokensPage'
import { planPaths } from '@/testkit/model/paths'
import { buildToken, feedTokensModel, newToken, paula, sam, scopeRefusal, widerScope } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { account } from '@/testkit/flows/session/session.model'
import { openOnPendingApi, settleOrAct } from '@/tests/support/pending-api'
import { pressing } from '@/tests/support/pressing'
import { walkPaths } from '@/tests/support/run-paths'
import { feedTokensViewTable } from '@/testkit/flows/feed-tokens/feed-tokens.view-table'
import { feedTokensOracle } from '@/testkit/flows/feed-tokens/feed-tokens.oracle'

const plan = planPaths(feedTokensModel)
const methods = { loadTokens: 'feedTokens', createToken: 'createFeedToken', revokeToken: 'revokeFeedToken', resumeToken: 'resumeFeedToken', revokeTokensBy: 'revokeFeedTokensBy' } as const
const dialog = (name: string) => screen.getByRole('dialog', { name })

/** What the user does for each of the machine's own events. */
const act = pressing(
  {
    'tokens.reload': 'Try again',
    'create.open': 'Create feed token',
    'revoke.confirm': ['Revoke', () => dialog('Revoke feed token')],
    'resume.confirm': ['Resume', () => dialog('Resume feed token')],
    'revokeBy.confirm': ['Revoke all', () => dialog("Revoke a person's feed tokens")],
  },
  {
    'create.submit': () => {
      const form = dialog('Create feed token')
      // What a failure left typed stays; a fresh form gets the name (the days stay at their default).
      fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'GitHub Actions' } })
      return fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    },
    'revoke.request': (event) => fireEvent.click(screen.getByRole('button', { name: `Revoke ${(event.token as FeedToken).name}` })),
    'resume.request': (event) => fireEvent.click(screen.getByRole('button', { name: `Resume ${(event.token as FeedToken).name}` })),
    // Only a person who made a listed token has the button: for anyone else, nothing to press.
    'revokeBy.request': (event) => {
      const maker = [paula, sam].find((each) => each.oid === event.creator)
      const button = maker && screen.queryByRole('button', { name: `Revoke all tokens by ${maker.name}` })
      if (button) fireEvent.click(button)
    },
    'dialog.close': () => fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!),
  },
)

/** What a fresh form sends with only its name typed: a year, every package the subscription covers, 3 networks a day, no suspension. */
const request = { name: 'GitHub Actions', expiresInDays: 365, packages: [], maxNetworks: 3, suspendOnLeak: false }

const open = () => openOnPendingApi(() => <FeedTokensPage />, { account, path: '/account/feed-tokens' })

describe('the feed tokens page (component paths of the feedTokens machine)', () => {
  walkPaths(plan.paths, {
    table: feedTokensViewTable,
    oracle: feedTokensOracle,
    refuse: feedTokensModel.events,
    start: open,
    step: settleOrAct(methods, act),
    end: (pending, sent) => {
      // One press of 'Create token' sends one request, checked and trimmed, with the default scope; Revoke and Resume send the token's id.
      expect(pending.made('createFeedToken')).toEqual(sent.filter((event) => event.type === 'create.submit').map(() => [request]))
      expect(pending.made('revokeFeedToken')).toEqual(sent.filter((event) => event.type === 'revoke.confirm').map(() => ['ft_build']))
      expect(pending.made('resumeFeedToken')).toEqual(sent.filter((event) => event.type === 'resume.confirm').map(() => ['ft_leaked']))
      expect(pending.made('revokeFeedTokensBy')).toEqual(sent.filter((event) => event.type === 'revokeBy.confirm').map(() => [{ oid: sam.oid }]))
    },
  })

  it("marks a token of an ended subscription 'Expired' and says what it still opens, as My Licenses says it of a seat; a live one's row says neither", async () => {
    const pending = open()
    const endedToken = { ...buildToken, id: 'ft_ended', name: 'Old CI', subscriptionEnded: true, updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' }
    await pending.settle('feedTokens', { output: [endedToken, newToken] })
    const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name}`) }))
    expect(row('Old CI').getByText('Expired')).toBeTruthy()
    expect(row('Old CI').getByText('Updates until May 31, 2026 · newest covered: 9.0.1')).toBeTruthy()
    expect(row('GitHub Actions').queryByText('Expired')).toBeNull()
    expect(row('GitHub Actions').queryByText(/Updates until/)).toBeNull()
  })

  it('says what the contract refuses before sending, and sends nothing', async () => {
    const pending = open()
    await pending.settle('feedTokens', { output: [buildToken] })
    fireEvent.click(screen.getByRole('button', { name: 'Create feed token' }))
    const form = dialog('Create feed token')
    fireEvent.change(within(form).getByRole('textbox', { name: /Expires in/ }), { target: { value: '731' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(await within(form).findByText('Name is required')).toBeTruthy()
    expect(within(form).getByText('Expiry must be at most 730 days')).toBeTruthy()
    expect(pending.calls('createFeedToken')).toHaveLength(0)
  })

  it('sends the scope typed, and says a scope the server finds wider than the subscription covers under the Packages field, not over the form', async () => {
    const pending = open()
    await pending.settle('feedTokens', { output: [buildToken] })
    fireEvent.click(screen.getByRole('button', { name: 'Create feed token' }))
    const form = dialog('Create feed token')
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Deploy' } })
    fireEvent.change(within(form).getByRole('textbox', { name: /Packages/ }), { target: { value: 'Prism.*, Prism.Plus.Popups' } })
    fireEvent.change(within(form).getByRole('textbox', { name: /Networks a day/ }), { target: { value: '2' } })
    fireEvent.click(within(form).getByRole('checkbox', { name: /Suspend on leak/ }))
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(pending.made('createFeedToken')).toEqual([[{ name: 'Deploy', expiresInDays: 365, packages: ['Prism.*', 'Prism.Plus.Popups'], maxNetworks: 2, suspendOnLeak: true }]])
    await pending.settle('createFeedToken', { error: scopeRefusal })
    const packages = within(form).getByRole('textbox', { name: /Packages/ })
    expect(packages.getAttribute('aria-invalid')).toBe('true')
    expect(within(form).getByText(widerScope)).toBeTruthy()
    expect(within(form).queryByRole('alert')).toBeNull()
  })
})
