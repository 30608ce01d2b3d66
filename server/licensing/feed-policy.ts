import type { PriceId } from '@/common/plans'

/**
 * What an ended license keeps, Keygen's four expiry strategies as this feed reads them
 * (docs/feed-coverage.md): `restrict`, the versions dated on or before its updates-until date;
 * `maintain`, the same versions, without the feed saying that its updates ended; `revoke`, no
 * private version; `allow`, every version, later ones too.
 */
export const expiryStrategies = ['restrict', 'revoke', 'maintain', 'allow'] as const
export type ExpiryStrategy = (typeof expiryStrategies)[number]

/** A subscription's terms for the feed: the private packages it covers (an id, or a prefix ending in `*`) and its expiry strategy. */
export interface FeedRule {
  packages: readonly string[]
  strategy: ExpiryStrategy
}

/**
 * The policy table: per plan, the private packages it covers and what its end leaves. Each
 * subscription is given its plan's rule when it is made or changes plan (feed_rules), so a change
 * here reaches new subscriptions and plan changes, never what a customer already bought.
 */
export const feedPolicy: Readonly<Record<PriceId, FeedRule>> = {
  community: { packages: [], strategy: 'restrict' },
  commercial: { packages: [], strategy: 'restrict' },
  'commercial-plus': { packages: ['Prism.Plus.*'], strategy: 'restrict' },
}

/** Whether a package id is named by a rule's entry: the id itself, or a prefix ending in `*`, without regard to case (NuGet's ids compare so). */
export function packageMatches(id: string, pattern: string): boolean {
  const lowerId = id.toLowerCase()
  const lowerPattern = pattern.toLowerCase()
  return lowerPattern.endsWith('*') ? lowerId.startsWith(lowerPattern.slice(0, -1)) : lowerId === lowerPattern
}

/** Each id's answer, by the policy table it was asked of: the feed asks it of every release on every check. */
const privateIds = new WeakMap<object, Map<string, boolean>>()

/** A private package is one some plan names; every other package of the feed is public, open to any valid credential. */
export function isPrivatePackage(id: string, policy: Readonly<Record<string, FeedRule>> = feedPolicy): boolean {
  const known = privateIds.get(policy) ?? new Map<string, boolean>()
  privateIds.set(policy, known)
  const lowerId = id.toLowerCase()
  let found = known.get(lowerId)
  if (found === undefined) {
    found = Object.values(policy).some((rule) => rule.packages.some((pattern) => packageMatches(lowerId, pattern)))
    // Ids come from the catalog and from addresses: a bound keeps made-up ones from growing it.
    if (known.size < 10_000) known.set(lowerId, found)
  }
  return found
}
