import { describe, expect, it } from 'vitest'
import { tokenRow } from '@/src/features/feed-tokens/feed-tokens.select'
import { buildToken } from '@/testkit/flows/feed-tokens/feed-tokens.model'

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
