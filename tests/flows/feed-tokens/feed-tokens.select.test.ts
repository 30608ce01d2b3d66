import { describe, expect, it } from 'vitest'
import { tokenCreators, tokenRow } from '@/src/features/feed-tokens/feed-tokens.select'
import { buildToken, leakedToken, newToken, paula } from '@/testkit/flows/feed-tokens/feed-tokens.model'

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
