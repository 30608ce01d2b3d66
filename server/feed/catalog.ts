import type { Queryable } from '../db/database'
import { newestCovered, type Coverage, type Release } from '../licensing/coverage'
import { compareVersions, normalizedVersion, parseVersion, type ParsedVersion } from './nuget-grammar'

/** A version of a package in the feed, with what its metadata (the registrations) says of it. */
export interface FeedRelease extends Release {
  description: string
  /** An SPDX expression, or none for a commercial package. */
  license: string | null
  dependencies: { id: string; range: string }[]
}

/** A release as a list of them writes it (the local feed's packages, a vendor's releases file): its days as YYYY-MM-DD, in UTC. */
export interface ReleaseListing {
  id: string
  version: string
  description: string
  license?: string
  dependencies: { id: string; range: string }[]
  /** The day it was released. */
  released: string
  /** The earlier day it is dated into, for licenses that lapsed after it (a fix); docs/feed-coverage.md. */
  backdatedTo?: string
}

/** A listed release as the catalog records it. */
export const releaseOf = (listing: ReleaseListing): FeedRelease => ({
  id: listing.id,
  version: listing.version,
  releasedAt: new Date(`${listing.released}T00:00:00Z`),
  backdatedTo: listing.backdatedTo ? new Date(`${listing.backdatedTo}T00:00:00Z`) : null,
  description: listing.description,
  license: listing.license ?? null,
  dependencies: listing.dependencies,
})

/** A release as the feed's answers use it: its version parsed and spelled as the package base address spells it. */
export interface CatalogRelease extends FeedRelease {
  parsed: ParsedVersion
  /** Normalized and lower-cased: the package base address's spelling. */
  lowerVersion: string
}

/** The feed's releases, each package's versions in NuGet's order, found by the lower-cased id. */
export interface Catalog {
  packages: Map<string, CatalogRelease[]>
}

interface ReleaseRow {
  package_id: string
  version: string
  released_at: Date
  backdated_to: Date | null
  description: string
  license: string | null
  dependencies: { id: string; range: string }[]
}

export function catalogOf(releases: readonly FeedRelease[]): Catalog {
  const packages = new Map<string, CatalogRelease[]>()
  for (const release of releases) {
    const parsed = parseVersion(release.version)
    // A version NuGet could not read is never listed (publishReleases refuses one).
    if (!parsed) continue
    const lowerId = release.id.toLowerCase()
    packages.set(lowerId, [...(packages.get(lowerId) ?? []), { ...release, parsed, lowerVersion: normalizedVersion(parsed) }])
  }
  for (const versions of packages.values()) versions.sort((a, b) => compareVersions(a.parsed, b.parsed))
  return { packages }
}

/** Every release of a catalog, package by package. */
export const releasesOf = (catalog: Catalog): CatalogRelease[] => [...catalog.packages.values()].flat()

/** The newest private version a coverage opens among the catalog's releases (what My Licenses and the token list name). */
export const newestOfCatalog = (catalog: Catalog) => {
  const releases = releasesOf(catalog)
  return (coverage: Coverage) => newestCovered(coverage, releases)?.version ?? null
}

/** Every release of the feed (the table feed_releases). */
export async function readReleases(db: Queryable): Promise<FeedRelease[]> {
  const rows = await db.query<ReleaseRow>('select package_id, version, released_at, backdated_to, description, license, dependencies from feed_releases')
  return rows.map((row) => ({
    id: row.package_id,
    version: row.version,
    releasedAt: new Date(row.released_at),
    backdatedTo: row.backdated_to && new Date(row.backdated_to),
    description: row.description,
    license: row.license,
    dependencies: row.dependencies,
  }))
}

/**
 * Records releases (a new one, or an existing one's dates and metadata: a release dated into the
 * past later, say), by id and version without regard to case. A version NuGet could not read is refused.
 */
export async function publishReleases(db: Queryable, releases: readonly FeedRelease[]): Promise<void> {
  for (const release of releases) {
    if (!parseVersion(release.version)) throw new Error(`Not a NuGet version: ${release.id} ${release.version}`)
    await db.query(
      `insert into feed_releases (package_id, version, released_at, backdated_to, description, license, dependencies) values ($1, $2, $3, $4, $5, $6, $7::jsonb)
       on conflict (lower(package_id), lower(version)) do update set released_at = excluded.released_at, backdated_to = excluded.backdated_to,
         description = excluded.description, license = excluded.license, dependencies = excluded.dependencies`,
      [release.id, release.version, release.releasedAt.toISOString(), release.backdatedTo?.toISOString() ?? null, release.description, release.license, JSON.stringify(release.dependencies)],
    )
  }
}

/** How long an instance answers from the catalog it read before reading it again: a release published is listed within this. */
export const catalogMaxAgeMs = 30_000

/**
 * The catalog kept in memory, read again once it is older than `maxAgeMs` (one read at a time,
 * shared by the requests that wait for it): the feed's answers wait on the releases table once in
 * that while. A failed read keeps the catalog read before, if there is one.
 */
export function createCatalog(db: Queryable, options: { maxAgeMs?: number; now?: () => number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? catalogMaxAgeMs
  const now = options.now ?? Date.now
  let current: { catalog: Catalog; readAt: number } | undefined
  let reading: Promise<Catalog> | undefined
  const read = () =>
    (reading ??= readReleases(db)
      .then((releases) => {
        current = { catalog: catalogOf(releases), readAt: now() }
        return current.catalog
      })
      .catch((error: unknown) => {
        if (current) return current.catalog
        throw error
      })
      .finally(() => {
        reading = undefined
      }))
  return {
    get(): Promise<Catalog> | Catalog {
      if (current && now() - current.readAt < maxAgeMs) return current.catalog
      return read()
    },
  }
}
export type CatalogSource = ReturnType<typeof createCatalog>
