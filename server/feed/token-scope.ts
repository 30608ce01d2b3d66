import { Refusal } from '../kernel/refusal'
import type { Coverage } from '../licensing/coverage'

/**
 * A feed token's package scope (issue 47, decision 0049): patterns as the feed rules write them (an
 * id, or a prefix ending in `*`), ids without regard to case. A scope narrows what the token's
 * subscription covers and never widens it.
 */

/** Whether every id `pattern` names is also named by `cover`. */
export function patternWithin(pattern: string, cover: string): boolean {
  const [inner, outer] = [pattern.toLowerCase(), cover.toLowerCase()]
  if (!outer.endsWith('*')) return inner === outer
  const prefix = outer.slice(0, -1)
  return inner.endsWith('*') ? inner.slice(0, -1).startsWith(prefix) : inner.startsWith(prefix)
}

/** The refusal of a scope wider than the subscription covers: 422 on the field `packages`, naming the first pattern outside it. */
export function refuseWiderScope(requested: readonly string[], covered: readonly string[]): void {
  const outside = requested.find((pattern) => !covered.some((cover) => patternWithin(pattern, cover)))
  if (outside === undefined) return
  const covers = covered.length ? `it covers ${covered.join(', ')}` : 'it covers no private package'
  throw new Refusal('invalid', `Packages: ${outside} is wider than this subscription covers (${covers}).`, 'packages')
}

/** The coverage of a scoped token: its subscription's, its private packages narrowed to the scope's patterns that the subscription still covers. */
export function scopedCoverage(coverage: Coverage, scope: readonly string[] | null): Coverage {
  if (!scope) return coverage
  return { ...coverage, packages: scope.filter((pattern) => coverage.packages.some((cover) => patternWithin(pattern, cover))) }
}
