import { describe, expect, it } from 'vitest'
import type { SnapshotFrom, StateValue } from 'xstate'
import { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { selectFeedTokens, tokenCreators, tokenRow } from '@/src/features/feed-tokens/feed-tokens.select'
import { buildToken, leakedToken, newToken, paula, sam } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { selectedIn } from '@/testkit/selected-in'

/** A token's row on the Feed tokens page, and what one of an ended subscription still opens (docs/feed-coverage.md). */
describe("a feed token's row", () => {
  it('says what a token of an ended subscription still opens, as My Licenses says it of a seat', () => {
    const ended = tokenRow({ ...buildToken, subscriptionEnded: true, updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: '9.0.1' })
    expect(ended).toMatchObject({ name: 'Build server', ended: 'Expired', coverage: 'Updates until May 31, 2026 · newest covered: 9.0.1' })
    expect(tokenRow({ ...buildToken, subscriptionEnded: true, updatesUntil: '2026-05-31T23:59:59.000Z', newestCovered: null }).coverage).toBe('Updates until May 31, 2026')
  })

  it('says nothing more of a live subscription’s token: it opens everything released so far', () => {
    expect(tokenRow(buildToken)).toMatchObject({ ended: null, coverage: null })
  })
})

describe("a feed token's row, its scope and what the feed saw of it", () => {
  it('says its packages and networks a day, or every package of its subscription', () => {
    expect(tokenRow(buildToken).scope).toBe('Prism.Plus.Popups · at most 3 networks a day')
    expect(tokenRow(leakedToken).scope).toBe('Every package of its subscription · at most 3 networks a day, suspended on a leak')
    expect(tokenRow({ ...newToken, maxNetworks: 1 }).scope).toBe('Every package of its subscription · at most 1 network a day')
    expect(tokenRow(newToken).scope).toBe('Every package of its subscription')
    expect(tokenRow({ ...buildToken, packages: ['Prism.Plus.Popups', 'Prism.Plus.Charts'], maxNetworks: null }).scope).toBe('Prism.Plus.Popups, Prism.Plus.Charts')
  })

  it('marks a possible leak, suspended or not, and lists the networks (refused ones said so) and downloads, or None', () => {
    expect(tokenRow(leakedToken)).toMatchObject({ leak: 'Suspended: possible leak', networks: ['192.0.2.0/24 (refused)'], downloads: ['None'] })
    expect(tokenRow({ ...leakedToken, suspendedAt: null }).leak).toBe('Possible leak')
    expect(tokenRow(buildToken)).toMatchObject({ leak: null, networks: ['198.51.100.0/24', '2001:db8:1:2::/64'], downloads: ['Prism.Plus.Popups 9.0.0 × 12'] })
    expect(tokenRow(newToken)).toMatchObject({ networks: ['None'], downloads: ['None'], lastUsed: 'Never' })
  })
})

describe('who made the tokens (offboarding)', () => {
  it('names each maker once with how many, those who no longer manage feed tokens first, whatever the order of the list', () => {
    const demoted = { ...paula, oid: 'oid-ann', name: 'Ann Ahead', email: 'ann@example.com', managesTokens: false }
    const creators = tokenCreators([newToken, { ...leakedToken, createdBy: demoted }, buildToken, { ...newToken, id: 'ft_second' }])
    expect(creators.map(({ name, gone, tokens }) => [name, gone, tokens])).toEqual([
      ['Ann Ahead', 'No longer manages feed tokens', '1 feed token'],
      ['Sam Seats', 'No longer manages feed tokens', '1 feed token'],
      ['Paula Plus', null, '2 feed tokens'],
    ])
    expect(tokenRow(buildToken)).toMatchObject({ createdBy: 'Sam Seats', createdByEmail: 'sam@example.com', creatorGone: 'No longer manages feed tokens' })
    expect(tokenRow(newToken).creatorGone).toBeNull()
  })
})

/**
 * What the page shows in each state, with the machine's context as it may stand there: a dialog's
 * contents only while that dialog is open, whatever its context still holds, and an error beside
 * its field or above the form.
 */
describe('the feed tokens page, state by state', () => {
  type Context = SnapshotFrom<typeof feedTokensMachine>['context']
  const context: Context = {
    tokens: [buildToken, newToken, { ...newToken, id: 'ft_second' }],
    error: null,
    errorField: null,
    request: null,
    created: null,
    revoking: null,
    resuming: null,
    revokingBy: null,
  }
  const pageIn = selectedIn(feedTokensMachine, selectFeedTokens, context)
  const created = { token: newToken, secret: 'ft-secret-of-the-new-token' }

  it('puts an error of the whole form above it, and one of a field beside that field, only while the form is open', () => {
    expect(pageIn({ ready: { dialog: { creating: 'editing' } } }, { error: 'Something went wrong.' }).create).toEqual({
      opened: true,
      submitting: false,
      error: 'Something went wrong.',
      fieldErrors: {},
    })
    expect(pageIn({ ready: { dialog: { creating: 'editing' } } }, { error: 'Enter a name.', errorField: 'name' }).create).toEqual({
      opened: true,
      submitting: false,
      error: null,
      fieldErrors: { name: 'Enter a name.' },
    })
    expect(pageIn({ ready: { dialog: { creating: 'submitting' } } }).create).toEqual({ opened: true, submitting: true, error: null, fieldErrors: {} })
    expect(pageIn({ ready: 'shown' }, { error: 'Enter a name.', errorField: 'name' }).create).toEqual({ opened: false, submitting: false, error: null, fieldErrors: {} })
  })

  it('says why the list could not be read only when it could not', () => {
    expect(pageIn('failed', { error: 'There was a problem connecting to the server. Please try again.' }).loadError).toBe('There was a problem connecting to the server. Please try again.')
    expect(pageIn('loading', { error: 'There was a problem connecting to the server. Please try again.' })).toMatchObject({ loading: true, loadError: null })
  })

  it('shows a new secret with the user name only in its own dialog', () => {
    expect(pageIn({ ready: { dialog: 'created' } }, { created }).created).toEqual({ id: newToken.id, name: newToken.name, username: 'token', secret: created.secret })
    expect(pageIn({ ready: 'shown' }, { created }).created).toBeNull()
  })

  it('asks before revoking or resuming a token, and says when it is under way, only in that dialog', () => {
    expect(pageIn({ ready: { dialog: { revoking: 'confirming' } } }, { revoking: buildToken, error: 'Try again.' }).revoke).toEqual({ row: tokenRow(buildToken), removing: false, error: 'Try again.' })
    expect(pageIn({ ready: { dialog: { revoking: 'removing' } } }, { revoking: buildToken }).revoke).toMatchObject({ removing: true, error: null })
    expect(pageIn({ ready: 'shown' }, { revoking: buildToken }).revoke).toBeNull()
    expect(pageIn({ ready: { dialog: { resuming: 'confirming' } } }, { resuming: leakedToken }).resume).toEqual({ row: tokenRow(leakedToken), restoring: false, error: null })
    expect(pageIn({ ready: { dialog: { resuming: 'restoring' } } }, { resuming: leakedToken }).resume).toMatchObject({ restoring: true })
    expect(pageIn({ ready: 'shown' }, { resuming: leakedToken }).resume).toBeNull()
  })

  it('shows only the open dialog, whatever the context still holds of the others', () => {
    const everything = { created, revoking: buildToken, resuming: leakedToken, revokingBy: paula }
    const openDialogs = (value: StateValue) => {
      const page = pageIn(value, everything)
      return Object.entries({ created: page.created, revoke: page.revoke, resume: page.resume, revokeBy: page.revokeBy }).flatMap(([name, dialog]) => (dialog ? [name] : []))
    }
    expect(openDialogs({ ready: { dialog: 'created' } })).toEqual(['created'])
    expect(openDialogs({ ready: { dialog: { revoking: 'confirming' } } })).toEqual(['revoke'])
    expect(openDialogs({ ready: { dialog: { resuming: 'confirming' } } })).toEqual(['resume'])
    expect(openDialogs({ ready: { dialog: { revokingBy: 'confirming' } } })).toEqual(['revokeBy'])
    expect(openDialogs({ ready: { dialog: { creating: 'editing' } } })).toEqual([])
  })

  it("names how many of a person's tokens Revoke all takes, only in its dialog", () => {
    expect(pageIn({ ready: { dialog: { revokingBy: 'confirming' } } }, { revokingBy: paula }).revokeBy).toEqual({
      name: paula.name,
      email: paula.email,
      tokens: 'all 2 feed tokens',
      removing: false,
      error: null,
    })
    expect(pageIn({ ready: { dialog: { revokingBy: 'removing' } } }, { revokingBy: sam }).revokeBy).toMatchObject({ tokens: 'the feed token', removing: true })
    expect(pageIn({ ready: 'shown' }, { revokingBy: paula }).revokeBy).toBeNull()
  })
})
