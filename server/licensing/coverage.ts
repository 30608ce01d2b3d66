import { isLive, type SubscriptionStatus } from './standing'
import { isPrivatePackage, packageMatches, type ExpiryStrategy, type FeedRule } from './feed-policy'

/** A subscription as its coverage reads it. */
export interface CoverageInput {
  status: SubscriptionStatus
  currentPeriodEnd: Date
  /** The end of the last period that was paid for; null when none was. */
  paidUntil: Date | null
  rule: FeedRule
}

/**
 * What a seat or feed token covers: the private packages it opens and the date its versions must
 * be dated on or before (`'forever'`: later ones too). Public packages are open to every valid credential.
 */
export interface Coverage {
  packages: readonly string[]
  updatesUntil: Date | 'forever'
  /** The subscription is not live: its coverage is what its end left (its rule's strategy). */
  ended: boolean
  strategy: ExpiryStrategy
}

/**
 * A subscription's coverage (docs/feed-coverage.md). While it is live, its updates-until date is
 * its current period's end: everything released so far. Once it is not, it is the end of the last
 * period paid for, and the rule's strategy says what stays: restrict and maintain keep the
 * versions dated on or before it, revoke keeps no private one, allow keeps all.
 */
export function coverageOf(subscription: CoverageInput): Coverage {
  const { rule } = subscription
  if (isLive(subscription.status)) return { packages: rule.packages, updatesUntil: subscription.currentPeriodEnd, ended: false, strategy: rule.strategy }
  const ended = { ended: true, strategy: rule.strategy }
  if (rule.strategy === 'allow') return { packages: rule.packages, updatesUntil: 'forever', ...ended }
  if (rule.strategy === 'revoke' || subscription.paidUntil === null) return { packages: [], updatesUntil: subscription.paidUntil ?? new Date(0), ...ended }
  return { packages: rule.packages, updatesUntil: subscription.paidUntil, ...ended }
}

/** A version of a package in the feed: when it was released, and the earlier date it may be dated into (a fix meant for licenses that lapsed after it). */
export interface Release {
  id: string
  version: string
  releasedAt: Date
  backdatedTo: Date | null
}

/** The date a release counts as released on for coverage. */
export const coverageDate = (release: Release): Date => release.backdatedTo ?? release.releasedAt

/** Whether the coverage opens this package at all: a public one, or one of its private packages. */
export function coversPackage(coverage: Coverage, id: string): boolean {
  return !isPrivatePackage(id) || coverage.packages.some((pattern) => packageMatches(id, pattern))
}

/** Whether the coverage opens this release: a public package's always; a private one's when the package is covered and the release is dated on or before the updates-until date. */
export function coversRelease(coverage: Coverage, release: Release): boolean {
  if (!isPrivatePackage(release.id)) return true
  if (!coversPackage(coverage, release.id)) return false
  return coverage.updatesUntil === 'forever' || coverageDate(release) <= coverage.updatesUntil
}

/** The private release dated last among those the coverage opens (what My Licenses calls the newest covered), or null. */
export function newestCovered(coverage: Coverage, releases: readonly Release[]): Release | null {
  let newest: Release | null = null
  for (const release of releases) if (isPrivatePackage(release.id) && coversRelease(coverage, release) && (!newest || coverageDate(release) > coverageDate(newest))) newest = release
  return newest
}
