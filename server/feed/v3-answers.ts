import { coversPackage, coversRelease } from '../licensing/coverage'
import { isPrivatePackage } from '../licensing/feed-policy'
import { releasesOf, type Catalog, type CatalogRelease } from './catalog'
import type { FeedCredential, ReleasedSeatKey } from './credential-check'
import { credentialWarnings, packageNotInPlan, releasedAfterUpdates, seatNoLongerAssigned } from './feed-warnings'
import { normalizedVersion, packageIdOf, parseVersion } from './nuget-grammar'
import { feedLayout, registrationIndex, registrationLeaf, searchAnswer, serviceIndex, versionList, type At } from './v3-documents'

/** A document of the feed for one credential: its status, its body, and what the build is told (X-NuGet-Warning, one line each). */
export interface FeedAnswer {
  status: 200 | 400 | 403 | 404
  body: unknown
  warnings: string[]
}

/** The service index at a credential's own address (src/content/package-feed.ts): the same document, one address per credential for NuGet's HTTP cache. */
const credentialServiceIndex = /^for\/[^/]+\/index\.json$/

const notFound = (warnings: string[] = []): FeedAnswer => ({ status: 404, body: { message: 'Not found.' }, warnings })
const badId = (what: string): FeedAnswer => ({ status: 400, body: { message: `Not a NuGet package ${what}.` }, warnings: [] })

/** What the credential sees of a package: its covered versions, why the others are not listed, or why none is. */
export function packageView(catalog: Catalog, lowerId: string, credential: FeedCredential): { versions: CatalogRelease[]; warnings: string[] } | null {
  const all = catalog.packages.get(lowerId)
  if (!all) return null
  const { coverage } = credential
  if (!coversPackage(coverage, all[0]!.id)) return { versions: [], warnings: [packageNotInPlan(all[0]!.id, credential)] }
  const versions = all.filter((release) => coversRelease(coverage, release))
  const hidden = all.filter((release) => !coversRelease(coverage, release))
  // Hidden from a private package only by the updates-until date (the package itself is covered).
  const warnings = hidden.length && coverage.updatesUntil !== 'forever' ? [releasedAfterUpdates(hidden, coverage.updatesUntil)] : []
  return { versions, warnings }
}

const isServiceIndex = (path: string) => path === feedLayout.serviceIndex || credentialServiceIndex.test(path)

/**
 * The feed's metadata for a seat's former key and holder (decision 0062): the service index, so
 * that the client goes on to a list and prints the reason (NuGet prints no warning of a service
 * index), and a 403 with the reason for everything else, public packages too.
 */
export function answerReleasedKey(path: string, released: ReleasedSeatKey, at: At): FeedAnswer {
  const reason = seatNoLongerAssigned(released.releasedAt)
  return isServiceIndex(path) ? { status: 200, body: serviceIndex(at), warnings: [reason] } : { status: 403, body: { message: reason }, warnings: [reason] }
}

/**
 * The feed's metadata for one credential (`path` under the feed's base address, decoded): the
 * service index; a package's version list (the package base address's index.json); its
 * registration index and leaves; the search service. Every list holds only what the credential
 * covers (docs/feed-coverage.md), ids without regard to case; an id or version outside NuGet's
 * grammar is a 400, anything the credential may not see a 404 that says why. Each answer's
 * warnings begin with what concerns the credential itself (credentialWarnings).
 */
export function answerV3(path: string, query: URLSearchParams, credential: FeedCredential, catalog: Catalog, at: At): FeedAnswer {
  const answer = metadataFor(path, query, credential, catalog, at)
  // What concerns the credential itself rides on every answer, first: NuGet prints no warning of a
  // service index (it reads it with a logger that prints nothing), only of the lists and files a build asks for.
  return { ...answer, warnings: [...credentialWarnings(credential), ...answer.warnings] }
}

function metadataFor(path: string, query: URLSearchParams, credential: FeedCredential, catalog: Catalog, at: At): FeedAnswer {
  if (isServiceIndex(path)) return { status: 200, body: serviceIndex(at), warnings: [] }
  if (path === feedLayout.search) return search(query, credential, catalog, at)
  const flat = path.startsWith(feedLayout.packageBaseAddress) && path.slice(feedLayout.packageBaseAddress.length).split('/')
  if (flat && flat.length === 2 && flat[1] === 'index.json') {
    const id = packageIdOf(flat[0]!)
    if (!id) return badId('id')
    const view = packageView(catalog, id.toLowerCase(), credential)
    if (!view) return notFound()
    if (!view.versions.length && isPrivatePackage(id) && !coversPackage(credential.coverage, id)) return notFound(view.warnings)
    return { status: 200, body: versionList(view.versions), warnings: view.warnings }
  }
  const registration = path.startsWith(feedLayout.registrations) && path.slice(feedLayout.registrations.length).split('/')
  if (registration && registration.length === 2) {
    const id = packageIdOf(registration[0]!)
    if (!id) return badId('id')
    const view = packageView(catalog, id.toLowerCase(), credential)
    if (registration[1] === 'index.json') return view?.versions.length ? { status: 200, body: registrationIndex(at, view.versions), warnings: view.warnings } : notFound(view?.warnings)
    const version = registration[1]!.endsWith('.json') ? parseVersion(registration[1]!.slice(0, -'.json'.length)) : null
    if (!version) return badId('version')
    const release = view?.versions.find((each) => each.lowerVersion === normalizedVersion(version))
    return release ? { status: 200, body: registrationLeaf(at, release), warnings: [] } : notFound(view?.warnings)
  }
  return notFound()
}

/** The search service: the packages whose id holds the words asked (all of them without), each with its covered versions; packages with none are left out. */
function search(query: URLSearchParams, credential: FeedCredential, catalog: Catalog, at: At): FeedAnswer {
  const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const skip = Math.max(0, Number.parseInt(query.get('skip') ?? '0', 10) || 0)
  const take = Math.min(100, Math.max(0, Number.parseInt(query.get('take') ?? '20', 10) || 20))
  const prerelease = query.get('prerelease') === 'true'
  const found = [...catalog.packages.keys()]
    .sort()
    .filter((lowerId) => words.every((word) => lowerId.includes(word)))
    .map((lowerId) => packageView(catalog, lowerId, credential)!.versions.filter((release) => prerelease || !release.parsed.prerelease.length))
    .filter((versions) => versions.length > 0)
  return { status: 200, body: searchAnswer(at, found.slice(skip, skip + take), found.length), warnings: [] }
}

/** A package file's address under the package base address: `flatcontainer/<id>/<version>/<file>`. */
const packageFile = /(?:^|\/)flatcontainer\/([^/?#]+)\/([^/?#]+)\/[^/?#]+$/

/** The release whose file `uri` names (X-Original-URI), with whether it is the package itself (`.nupkg`: a download); null for an address that names no release the feed knows. */
export function releaseOfFile(uri: string, catalog: Catalog): FileRelease | null {
  let known = filesAsked.get(catalog)
  if (!known) filesAsked.set(catalog, (known = new Map()))
  const remembered = known.get(uri)
  if (remembered !== undefined) return remembered
  const release = findReleaseOfFile(uri, catalog)
  if (known.size < filesRemembered) known.set(uri, release)
  return release
}

type FileRelease = CatalogRelease & { download: boolean }
/**
 * The releases each catalog was asked about, by file address: nginx asks the check about a build's
 * few files again and again, and the address's parsing was a good part of each check's time. A
 * catalog read anew (every 30 s) starts afresh; past this many addresses, the others are parsed each time.
 */
const filesAsked = new WeakMap<Catalog, Map<string, FileRelease | null>>()
const filesRemembered = 10_000

function findReleaseOfFile(uri: string, catalog: Catalog): FileRelease | null {
  const path = uri.split(/[?#]/)[0]!
  const match = packageFile.exec(path)
  if (!match) return null
  let id: string | null, version: ReturnType<typeof parseVersion>
  try {
    id = packageIdOf(decodeURIComponent(match[1]!))
    version = parseVersion(decodeURIComponent(match[2]!))
  } catch {
    return null
  }
  if (!id || !version) return null
  const lowerVersion = normalizedVersion(version)
  const release = catalog.packages.get(id.toLowerCase())?.find((each) => each.lowerVersion === lowerVersion)
  return release ? { ...release, download: path.toLowerCase().endsWith('.nupkg') } : null
}

/**
 * Whether the credential may download the package file at `uri` (the path nginx was asked, as
 * X-Original-URI gives it): a reason when it may not (a version it does not cover, a private
 * package its plan does not include); null when it may, or when the address is no release the
 * feed knows (the files' server answers its 404).
 */
export const refusalOfFile = (uri: string, credential: FeedCredential, catalog: Catalog): string | null => refusalOfRelease(releaseOfFile(uri, catalog), credential)

/** Why the credential may not download the release's file; null when it may, or when there is no such release. */
export function refusalOfRelease(release: CatalogRelease | null, credential: FeedCredential): string | null {
  const { coverage } = credential
  if (!release || coversRelease(coverage, release)) return null
  if (!coversPackage(coverage, release.id)) return packageNotInPlan(release.id, credential)
  return coverage.updatesUntil === 'forever' ? null : releasedAfterUpdates([release], coverage.updatesUntil)
}

/** Whether the credential opens every release of the feed: what a proxy that names no file (a configuration of before coverage) is answered for. */
export const opensEverything = (credential: FeedCredential, catalog: Catalog) => releasesOf(catalog).every((release) => coversRelease(credential.coverage, release))
