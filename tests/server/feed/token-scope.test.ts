import { describe, expect, it } from 'vitest'
import { patternWithin, refuseWiderScope, scopedCoverage } from '@/server/feed/token-scope'
import type { Coverage } from '@/server/licensing/coverage'
import { Refusal } from '@/server/kernel/refusal'

/**
 * A feed token's scope (issue 47, decision 0049): package patterns in the feed rules' grammar (an
 * id, or a prefix ending in `*`), ids without regard to case, at most what the subscription covers.
 */
describe('a scope pattern within what a subscription covers', () => {
  it('an id is within the same id, whatever its case, and within no other id', () => {
    expect(patternWithin('prism.plus.popups', 'Prism.Plus.Popups')).toBe(true)
    expect(patternWithin('Prism.Plus.Popups', 'prism.plus.popups')).toBe(true)
    expect(patternWithin('Prism.Plus.Popups', 'Prism.Plus.Charts')).toBe(false)
    expect(patternWithin('Prism.Plus.Popup', 'Prism.Plus.Popups')).toBe(false)
  })

  it('a prefix is within a cover of the same prefix or a shorter one, never within a single id', () => {
    expect(patternWithin('Prism.Plus.*', 'prism.plus.*')).toBe(true)
    expect(patternWithin('Prism.Plus.Charts.*', 'Prism.Plus.*')).toBe(true)
    expect(patternWithin('Prism.Plus.*', 'Prism.Plus.Popups')).toBe(false)
    expect(patternWithin('Prism.*', 'Prism.Plus.*')).toBe(false)
    expect(patternWithin('Prism.Plus*', 'Prism.Plus.*')).toBe(false)
    expect(patternWithin('*', 'Prism.Plus.*')).toBe(false)
  })

  it('an id is within a prefix that starts it, whatever its case, and not within one that does not', () => {
    expect(patternWithin('prism.plus.popups', 'Prism.Plus.*')).toBe(true)
    expect(patternWithin('Prism.Core', 'Prism.Plus.*')).toBe(false)
    expect(patternWithin('Prism.Plus', 'Prism.Plus.*')).toBe(false)
    // A prefix names the id that is the prefix itself, as the feed's rules read it (feed-policy.ts).
    expect(patternWithin('Prism.Plus', 'Prism.Plus*')).toBe(true)
  })
})

describe('the refusal of a scope wider than the subscription', () => {
  const refusalOf = (requested: string[], covered: string[]) => {
    try {
      refuseWiderScope(requested, covered)
    } catch (error) {
      if (error instanceof Refusal) return { reason: error.reason, field: error.field, message: error.message }
      throw error
    }
    return undefined
  }

  it('accepts a scope every pattern of which some cover holds, and an empty scope', () => {
    expect(refusalOf(['Prism.Plus.Popups', 'prism.plus.charts.*'], ['Prism.Plus.*'])).toBeUndefined()
    expect(refusalOf(['Prism.Plus.Popups'], ['Prism.Other.*', 'Prism.Plus.Popups'])).toBeUndefined()
    expect(refusalOf([], [])).toBeUndefined()
  })

  it('refuses on the packages field, naming the first pattern outside and what the subscription covers', () => {
    expect(refusalOf(['Prism.Plus.Popups', 'Prism.*', 'Prism.Core'], ['Prism.Plus.*', 'Prism.Extra.*'])).toEqual({
      reason: 'invalid',
      field: 'packages',
      message: 'Packages: Prism.* is wider than this subscription covers (it covers Prism.Plus.*, Prism.Extra.*).',
    })
  })

  it('says so when the subscription covers no private package', () => {
    expect(refusalOf(['Prism.Plus.Popups'], [])).toEqual({
      reason: 'invalid',
      field: 'packages',
      message: 'Packages: Prism.Plus.Popups is wider than this subscription covers (it covers no private package).',
    })
  })
})

describe("a scoped token's coverage", () => {
  const plus: Coverage = { packages: ['Prism.Plus.*'], updatesUntil: new Date('2026-05-31T23:59:59Z'), ended: false, strategy: 'restrict' }

  it('without a scope is the coverage of its subscription', () => {
    expect(scopedCoverage(plus, null)).toEqual(plus)
  })

  it("narrows the packages to the scope's patterns, and keeps the rest of the subscription's coverage", () => {
    expect(scopedCoverage(plus, ['Prism.Plus.Popups'])).toEqual({ ...plus, packages: ['Prism.Plus.Popups'] })
  })

  it('drops a pattern the subscription no longer covers: a scope never widens it', () => {
    expect(scopedCoverage({ ...plus, packages: ['Prism.Plus.Charts'] }, ['Prism.Plus.Popups', 'Prism.Plus.Charts'])).toEqual({ ...plus, packages: ['Prism.Plus.Charts'] })
    expect(scopedCoverage({ ...plus, packages: [] }, ['Prism.Plus.Popups']).packages).toEqual([])
  })
})
