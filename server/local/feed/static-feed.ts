import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { catalogOf, releaseOf } from '@/server/feed/catalog'
import { addressesUnder, feedLayout, flatAddress, registrationIndex, registrationLeaf, serviceIndex, versionList } from '@/server/feed/v3-documents'
import { nupkgOf, nuspecOf, samplePackages, type SamplePackage } from './packages'

/** A file of the feed: its body and the type it is served with. */
export interface FeedFile {
  body: Buffer
  type: string
}

const json = (value: unknown): FeedFile => ({ body: Buffer.from(`${JSON.stringify(value, null, 2)}\n`), type: 'application/json' })

/**
 * The static NuGet v3 feed of the sample packages (or of others), every file by its path under the
 * base address, every version listed to everyone: the service index, the package base address
 * (flat container: each id's versions, each version's .nupkg and .nuspec, ids and versions
 * lower-cased) and the registrations (one index per id with its leaves inlined, and each leaf).
 * The documents are the ones the portal answers per credential (server/feed/v3-documents.ts); the
 * files are what nginx serves once the portal lets a request through. The base address is the
 * feed's public one (ending with a slash), as its clients reach it.
 */
export function feedFiles(baseUrl: string, packages: readonly SamplePackage[] = samplePackages): Map<string, FeedFile> {
  const at = addressesUnder(baseUrl)
  const files = new Map<string, FeedFile>()
  files.set(feedLayout.serviceIndex, json(serviceIndex(at, { search: false })))
  const byVersion = new Map(packages.map((pkg) => [`${pkg.id.toLowerCase()} ${pkg.version.toLowerCase()}`, pkg]))
  for (const [lowerId, versions] of catalogOf(packages.map(releaseOf)).packages) {
    files.set(flatAddress.versions(lowerId), json(versionList(versions)))
    for (const version of versions) {
      const pkg = byVersion.get(`${lowerId} ${version.version.toLowerCase()}`)!
      files.set(flatAddress.nupkg(lowerId, version.lowerVersion), { body: nupkgOf(pkg), type: 'application/octet-stream' })
      files.set(flatAddress.nuspec(lowerId, version.lowerVersion), { body: Buffer.from(nuspecOf(pkg)), type: 'application/xml' })
      files.set(`${feedLayout.registrations}${lowerId}/${version.lowerVersion}.json`, json(registrationLeaf(at, version)))
    }
    files.set(`${feedLayout.registrations}${lowerId}/index.json`, json(registrationIndex(at, versions)))
  }
  return files
}

/** Writes the feed into a folder, for a static server (nginx) that serves it at the base address. */
export function writeFeed(dir: string, baseUrl: string, packages: readonly SamplePackage[] = samplePackages): string[] {
  const files = feedFiles(baseUrl, packages)
  for (const [path, file] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), file.body)
  }
  return [...files.keys()]
}
