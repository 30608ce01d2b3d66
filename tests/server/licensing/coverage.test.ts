import { describe, expect, it } from 'vitest'
import { coverageOf, coversPackage, coversRelease, newestCovered, type CoverageInput, type Release } from '@/server/licensing/coverage'
import { feedPolicy, isPrivatePackage, type ExpiryStrategy } from '@/server/licensing/feed-policy'

const day = (iso: string) => new Date(`${iso}T00:00:00Z`)
const release = (id: string, version: string, released: string, backdated?: string): Release => ({
  id,
  version,
  releasedAt: day(released),
  backdatedTo: backdated ? day(backdated) : null,
})
/** The local stack's feed (docs/feed-coverage.md). */
const releases = [
  release('Prism.Core', '9.0.537', '2025-11-01'),
  release('Prism.Plus.Popups', '9.0.0', '2026-01-10'),
  release('Prism.Plus.Popups', '9.1.0', '2026-06-10'),
  release('Prism.Plus.Popups', '9.0.1', '2026-08-01', '2026-05-01'),
  release('Prism.Plus.Popups', '9.2.0', '2026-10-01'),
  release('Prism.Plus.Charts', '1.0.0', '2026-03-01'),
]
const names = (covered: Release[]) => covered.map((each) => `${each.id} ${each.version}`)
const paidThrough = new Date('2026-05-31T23:59:59Z')

/** Commercial Plus paid from June 1, 2025 to May 31, 2026, in the standing given. */
const plus = (input: Partial<CoverageInput> & { strategy?: ExpiryStrategy } = {}): CoverageInput => ({
  status: 'canceled',
  currentPeriodEnd: paidThrough,
  paidUntil: paidThrough,
  ...input,
  rule: { ...feedPolicy['commercial-plus'], ...(input.strategy ? { strategy: input.strategy } : {}) },
})
const coveredBy = (input: CoverageInput) => names(releases.filter((each) => coversRelease(coverageOf(input), each)))

describe('what a license covers', () => {
  it('while live: every version of its plan released up to its current period end, everything so far', () => {
    expect(coveredBy(plus({ status: 'active', currentPeriodEnd: new Date('2027-05-31T23:59:59Z') }))).toEqual(names(releases))
    // A past-due one is live while its payment is retried: its current period, unpaid yet, counts.
    expect(coveredBy(plus({ status: 'past_due', currentPeriodEnd: new Date('2027-05-31T23:59:59Z') }))).toEqual(names(releases))
  })

  it('once ended (restrict): what its paid period covered, the fix dated into it included, and nothing released after', () => {
    expect(coveredBy(plus())).toEqual(['Prism.Core 9.0.537', 'Prism.Plus.Popups 9.0.0', 'Prism.Plus.Popups 9.0.1', 'Prism.Plus.Charts 1.0.0'])
  })

  it('once ended, reads the last paid period, not a renewal period that was never paid', () => {
    const unpaidRenewal = plus({ status: 'unpaid', currentPeriodEnd: new Date('2027-05-31T23:59:59Z') })
    expect(coverageOf(unpaidRenewal).updatesUntil).toEqual(paidThrough)
    expect(coveredBy(unpaidRenewal)).not.toContain('Prism.Plus.Popups 9.2.0')
  })

  it('counts a release made on the updates-until day itself', () => {
    const onTheDay = release('Prism.Plus.Popups', '9.0.2', '2026-05-31')
    expect(coversRelease(coverageOf(plus()), onTheDay)).toBe(true)
    expect(coversRelease(coverageOf(plus()), release('Prism.Plus.Popups', '9.0.3', '2026-06-01'))).toBe(false)
  })

  it('follows the rule’s strategy once ended: maintain as restrict, revoke nothing private, allow everything', () => {
    expect(coveredBy(plus({ strategy: 'maintain' }))).toEqual(coveredBy(plus()))
    expect(coveredBy(plus({ strategy: 'revoke' }))).toEqual(['Prism.Core 9.0.537'])
    // Revoked, it still says when its paid updates ended (what the feed's refusal names).
    expect(coverageOf(plus({ strategy: 'revoke' })).updatesUntil).toEqual(paidThrough)
    expect(coveredBy(plus({ strategy: 'allow' }))).toEqual(names(releases))
    expect(coverageOf(plus({ strategy: 'allow' })).updatesUntil).toBe('forever')
  })

  it('covers no private version of a subscription never paid for, ended or not live', () => {
    expect(coveredBy(plus({ status: 'incomplete_expired', paidUntil: null }))).toEqual(['Prism.Core 9.0.537'])
    expect(coverageOf(plus({ status: 'incomplete_expired', paidUntil: null })).updatesUntil).toEqual(new Date(0))
  })

  it('gives Commercial and Community no private package, and every plan the public ones', () => {
    for (const priceId of ['commercial', 'community'] as const) {
      const coverage = coverageOf({ status: 'active', currentPeriodEnd: new Date('2027-01-01'), paidUntil: null, rule: feedPolicy[priceId] })
      expect(coversPackage(coverage, 'Prism.Plus.Popups')).toBe(false)
      expect(coversPackage(coverage, 'Prism.Core')).toBe(true)
      expect(names(releases.filter((each) => coversRelease(coverage, each)))).toEqual(['Prism.Core 9.0.537'])
    }
  })

  it('reads package ids without regard to case, as NuGet does', () => {
    expect(isPrivatePackage('prism.plus.popups')).toBe(true)
    expect(isPrivatePackage('PRISM.PLUS.CHARTS')).toBe(true)
    expect(isPrivatePackage('Prism.Core')).toBe(false)
    expect(isPrivatePackage('Prism.Plusher')).toBe(false)
    expect(coversPackage(coverageOf(plus()), 'PRISM.plus.Popups')).toBe(true)
  })

  it('names the private release dated last among those covered', () => {
    expect(newestCovered(coverageOf(plus()), releases)?.version).toBe('9.0.1')
    expect(newestCovered(coverageOf(plus({ status: 'active', currentPeriodEnd: new Date('2027-05-31') })), releases)?.version).toBe('9.2.0')
    expect(newestCovered(coverageOf(plus({ strategy: 'revoke' })), releases)).toBeNull()
  })
})
