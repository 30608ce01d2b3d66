import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { nupkgOf, nuspecOf, samplePackages, targetFramework, type SamplePackage } from './packages'

/** A file of the feed: its body and the type it is served with. */
export interface FeedFile {
  body: Buffer
  type: string
}

/** Where each resource lives, under the feed's base address (which holds the service index, index.json). */
export const feedLayout = {
  serviceIndex: 'index.json',
  packageBaseAddress: 'flatcontainer/',
  registrations: 'registration/',
}

const json = (value: unknown): FeedFile => ({ body: Buffer.from(`${JSON.stringify(value, null, 2)}\n`), type: 'application/json' })
/** NuGet's versions compare by their numbers: 9.0.537 before 9.1.0, whatever the order of the list. */
const byVersion = (a: SamplePackage, b: SamplePackage) => {
  const [x, y] = [a.version, b.version].map((version) => version.split('.').map(Number))
  for (let index = 0; index < Math.max(x!.length, y!.length); index++) if ((x![index] ?? 0) !== (y![index] ?? 0)) return (x![index] ?? 0) - (y![index] ?? 0)
  return 0
}

/**
 * The static NuGet v3 feed of the sample packages (or of others), every file by its path under the
 * base address: the service index (PackageBaseAddress/3.0.0, RegistrationsBaseUrl), the package base
 * address (flat container: each id's versions, each version's .nupkg and .nuspec, ids and versions
 * lower-cased) and the registrations (one index per id with its leaves inlined, and each leaf). The
 * service index and the registrations give absolute addresses, so the base address is the feed's
 * public one (ending with a slash), as its clients reach it.
 */
export function feedFiles(baseUrl: string, packages: readonly SamplePackage[] = samplePackages): Map<string, FeedFile> {
  const base = new URL(baseUrl)
  if (!base.pathname.endsWith('/')) throw new Error(`The feed's base address must end with a slash: ${baseUrl}`)
  const at = (path: string) => new URL(path, base).toString()
  const files = new Map<string, FeedFile>()
  files.set(
    feedLayout.serviceIndex,
    json({
      version: '3.0.0',
      resources: [
        { '@id': at(feedLayout.packageBaseAddress), '@type': 'PackageBaseAddress/3.0.0', comment: 'The package base address (flat container): versions, .nupkg and .nuspec files' },
        { '@id': at(feedLayout.registrations), '@type': 'RegistrationsBaseUrl', comment: 'Package metadata' },
        { '@id': at(feedLayout.registrations), '@type': 'RegistrationsBaseUrl/3.0.0-rc', comment: 'Package metadata' },
        { '@id': at(feedLayout.registrations), '@type': 'RegistrationsBaseUrl/3.0.0-beta', comment: 'Package metadata' },
      ],
    }),
  )
  const ids = [...new Set(packages.map((pkg) => pkg.id))]
  for (const id of ids) {
    const lowerId = id.toLowerCase()
    const versions = packages.filter((pkg) => pkg.id === id).sort(byVersion)
    const flat = `${feedLayout.packageBaseAddress}${lowerId}/`
    const registration = `${feedLayout.registrations}${lowerId}/`
    files.set(`${flat}index.json`, json({ versions: versions.map((pkg) => pkg.version.toLowerCase()) }))
    const leaves = versions.map((pkg) => {
      const version = pkg.version.toLowerCase()
      const nupkg = `${flat}${version}/${lowerId}.${version}.nupkg`
      files.set(nupkg, { body: nupkgOf(pkg), type: 'application/octet-stream' })
      files.set(`${flat}${version}/${lowerId}.nuspec`, { body: Buffer.from(nuspecOf(pkg)), type: 'application/xml' })
      const leaf = {
        '@id': at(`${registration}${version}.json`),
        '@type': 'Package',
        catalogEntry: {
          '@id': at(`${registration}${version}.json#catalogEntry`),
          '@type': 'PackageDetails',
          id: pkg.id,
          version: pkg.version,
          authors: 'Prism',
          description: pkg.description,
          ...(pkg.license ? { licenseExpression: pkg.license } : {}),
          listed: true,
          packageContent: at(nupkg),
          dependencyGroups: [
            {
              '@id': at(`${registration}${version}.json#dependencygroup/${targetFramework.nuspec.toLowerCase()}`),
              '@type': 'PackageDependencyGroup',
              targetFramework: targetFramework.nuspec,
              dependencies: pkg.dependencies.map((dependency) => ({
                '@id': at(`${registration}${version}.json#dependencygroup/${targetFramework.nuspec.toLowerCase()}/${dependency.id.toLowerCase()}`),
                '@type': 'PackageDependency',
                id: dependency.id,
                range: `[${dependency.range}, )`,
                registration: at(`${feedLayout.registrations}${dependency.id.toLowerCase()}/index.json`),
              })),
            },
          ],
        },
        packageContent: at(nupkg),
        registration: at(`${registration}index.json`),
      }
      files.set(`${registration}${version}.json`, json(leaf))
      return leaf
    })
    files.set(
      `${registration}index.json`,
      json({
        '@id': at(`${registration}index.json`),
        count: 1,
        items: [
          {
            '@id': at(`${registration}index.json#page/${leaves[0]!.catalogEntry.version}/${leaves.at(-1)!.catalogEntry.version}`),
            count: leaves.length,
            lower: leaves[0]!.catalogEntry.version,
            upper: leaves.at(-1)!.catalogEntry.version,
            items: leaves,
          },
        ],
      }),
    )
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
