/**
 * The NuGet v3 documents of the feed, as NuGet's client reads them: the service index, a package's
 * version list (the package base address's index.json), its registration (an index with its page
 * inlined, and each leaf) and the search service's answer. Addresses are absolute, under the
 * feed's base address (`at` makes one from a path under it). The portal answers them for each
 * credential (server/api/feed.ts); the local stack writes the same for its static files.
 */

/** Where each resource lives, under the feed's base address (which holds the service index, index.json). */
export const feedLayout = {
  serviceIndex: 'index.json',
  packageBaseAddress: 'flatcontainer/',
  registrations: 'registration/',
  search: 'query',
}

/** The framework the packages are for: every current .NET project can use them. */
export const targetFramework = { folder: 'netstandard2.0', nuspec: '.NETStandard2.0' }

/** What a document says of one version of a package. */
export interface PackageVersion {
  id: string
  version: string
  /** Normalized and lower-cased, as the package base address spells it. */
  lowerVersion: string
  description: string
  license: string | null
  dependencies: readonly { id: string; range: string }[]
}

export type At = (path: string) => string

/** An `at` for the base address given (which must end with a slash). */
export function addressesUnder(baseUrl: string): At {
  const base = new URL(baseUrl)
  if (!base.pathname.endsWith('/')) throw new Error(`The feed's base address must end with a slash: ${baseUrl}`)
  return (path) => new URL(path, base).toString()
}

/** The service index; `search` false for a feed of files alone (the search service is the portal's). */
export function serviceIndex(at: At, { search = true } = {}) {
  const searchResources = ['SearchQueryService', 'SearchQueryService/3.0.0-rc', 'SearchQueryService/3.0.0-beta'].map((type) => ({ '@id': at(feedLayout.search), '@type': type, comment: 'Search' }))
  return {
    version: '3.0.0',
    resources: [
      { '@id': at(feedLayout.packageBaseAddress), '@type': 'PackageBaseAddress/3.0.0', comment: 'The package base address (flat container): versions, .nupkg and .nuspec files' },
      { '@id': at(feedLayout.registrations), '@type': 'RegistrationsBaseUrl', comment: 'Package metadata' },
      { '@id': at(feedLayout.registrations), '@type': 'RegistrationsBaseUrl/3.0.0-rc', comment: 'Package metadata' },
      { '@id': at(feedLayout.registrations), '@type': 'RegistrationsBaseUrl/3.0.0-beta', comment: 'Package metadata' },
      ...(search ? searchResources : []),
    ],
  }
}

/** The package base address's addresses of a package and of its version's files. */
export const flatAddress = {
  versions: (lowerId: string) => `${feedLayout.packageBaseAddress}${lowerId}/index.json`,
  nupkg: (lowerId: string, lowerVersion: string) => `${feedLayout.packageBaseAddress}${lowerId}/${lowerVersion}/${lowerId}.${lowerVersion}.nupkg`,
  nuspec: (lowerId: string, lowerVersion: string) => `${feedLayout.packageBaseAddress}${lowerId}/${lowerVersion}/${lowerId}.nuspec`,
}
const registrationAddress = (lowerId: string) => `${feedLayout.registrations}${lowerId}/`

/** The package base address's index.json: the versions, in order, as the base address spells them. */
export const versionList = (versions: readonly PackageVersion[]) => ({ versions: versions.map((each) => each.lowerVersion) })

export function registrationLeaf(at: At, pkg: PackageVersion) {
  const lowerId = pkg.id.toLowerCase()
  const registration = registrationAddress(lowerId)
  const leaf = `${registration}${pkg.lowerVersion}.json`
  const nupkg = at(flatAddress.nupkg(lowerId, pkg.lowerVersion))
  const group = `${leaf}#dependencygroup/${targetFramework.nuspec.toLowerCase()}`
  return {
    '@id': at(leaf),
    '@type': 'Package',
    catalogEntry: {
      '@id': at(`${leaf}#catalogEntry`),
      '@type': 'PackageDetails',
      id: pkg.id,
      version: pkg.version,
      authors: 'Prism',
      description: pkg.description,
      ...(pkg.license ? { licenseExpression: pkg.license } : {}),
      listed: true,
      packageContent: nupkg,
      dependencyGroups: [
        {
          '@id': at(group),
          '@type': 'PackageDependencyGroup',
          targetFramework: targetFramework.nuspec,
          dependencies: pkg.dependencies.map((dependency) => ({
            '@id': at(`${group}/${dependency.id.toLowerCase()}`),
            '@type': 'PackageDependency',
            id: dependency.id,
            range: `[${dependency.range}, )`,
            registration: at(`${registrationAddress(dependency.id.toLowerCase())}index.json`),
          })),
        },
      ],
    },
    packageContent: nupkg,
    registration: at(`${registration}index.json`),
  }
}

/** A package's registration index, its one page inlined (the versions given, in order; at least one). */
export function registrationIndex(at: At, versions: readonly PackageVersion[]) {
  const index = `${registrationAddress(versions[0]!.id.toLowerCase())}index.json`
  const [lower, upper] = [versions[0]!.version, versions.at(-1)!.version]
  return {
    '@id': at(index),
    count: 1,
    items: [{ '@id': at(`${index}#page/${lower}/${upper}`), count: versions.length, lower, upper, items: versions.map((each) => registrationLeaf(at, each)) }],
  }
}

/** The search service's answer: each package with its versions (in order, at least one each), the newest as its version. */
export function searchAnswer(at: At, packages: readonly (readonly PackageVersion[])[], totalHits: number) {
  return {
    totalHits,
    data: packages.map((versions) => {
      const newest = versions.at(-1)!
      const lowerId = newest.id.toLowerCase()
      return {
        '@id': at(`${registrationAddress(lowerId)}index.json`),
        '@type': 'Package',
        registration: at(`${registrationAddress(lowerId)}index.json`),
        id: newest.id,
        version: newest.version,
        description: newest.description,
        authors: ['Prism'],
        totalDownloads: 0,
        verified: false,
        packageTypes: [{ name: 'Dependency' }],
        versions: versions.map((each) => ({ version: each.version, downloads: 0, '@id': at(`${registrationAddress(lowerId)}${each.lowerVersion}.json`) })),
      }
    }),
  }
}
