import type { ReleaseListing } from '@/server/feed/catalog'
import { targetFramework } from '@/server/feed/v3-documents'
import { zip } from './zip'

/** A sample package of the local feed: what its .nuspec says, the files it carries, and its dates. */
export type SamplePackage = ReleaseListing

const plusPackage = (id: string, version: string, released: string, backdatedTo?: string): SamplePackage => ({
  id,
  version,
  description: `${id} ${version}, a sample of a Commercial Plus package for the local feed.`,
  dependencies: [{ id: 'Prism.Core', range: '9.0.537' }],
  released,
  ...(backdatedTo ? { backdatedTo } : {}),
})

/**
 * The packages the local stack's feed serves, written by the project itself (no download): the
 * public Prism.Core and the Commercial Plus packages that depend on it, with the dates the feed's
 * terms read (docs/feed-coverage.md: 9.0.1 is a fix released in August and dated into May).
 */
export const samplePackages: readonly SamplePackage[] = [
  { id: 'Prism.Core', version: '9.0.537', description: 'Prism.Core, a sample of the public package for the local feed.', license: 'MIT', dependencies: [], released: '2025-11-04' },
  plusPackage('Prism.Plus.Popups', '9.0.0', '2026-01-10'),
  plusPackage('Prism.Plus.Popups', '9.1.0', '2026-06-10'),
  plusPackage('Prism.Plus.Popups', '9.0.1', '2026-08-01', '2026-05-01'),
  plusPackage('Prism.Plus.Popups', '9.2.0', '2026-10-01'),
  plusPackage('Prism.Plus.Charts', '1.0.0', '2026-03-01'),
]

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The package's manifest (.nuspec), at the root of the .nupkg and beside it in the feed. */
export function nuspecOf(pkg: SamplePackage): string {
  const dependencies = pkg.dependencies.map((dependency) => `\n        <dependency id="${escapeXml(dependency.id)}" version="${escapeXml(dependency.range)}" exclude="Build,Analyzers" />`).join('')
  return `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">
  <metadata>
    <id>${escapeXml(pkg.id)}</id>
    <version>${escapeXml(pkg.version)}</version>
    <authors>Prism</authors>
${pkg.license ? `    <license type="expression">${escapeXml(pkg.license)}</license>\n` : ''}    <readme>README.md</readme>
    <description>${escapeXml(pkg.description)}</description>
    <dependencies>
      <group targetFramework="${targetFramework.nuspec}">${dependencies}
      </group>
    </dependencies>
  </metadata>
</package>
`
}

/**
 * The .nupkg: an Open Packaging Conventions zip with the manifest at its root, its content types and
 * relationships, a readme, and `lib/netstandard2.0/_._` (the folder NuGet reads as "for .NET
 * Standard 2.0, with no assembly to reference").
 */
export function nupkgOf(pkg: SamplePackage): Buffer {
  const manifest = `${pkg.id}.nuspec`
  return zip([
    { name: '_rels/.rels', data: relationships(manifest) },
    { name: manifest, data: nuspecOf(pkg) },
    { name: 'README.md', data: `# ${pkg.id} ${pkg.version}\n\n${pkg.description}\n` },
    { name: `lib/${targetFramework.folder}/_._`, data: '' },
    { name: '[Content_Types].xml', data: contentTypes },
  ])
}

const relationships = (manifest: string) => `<?xml version="1.0" encoding="utf-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Type="http://schemas.microsoft.com/packaging/2010/07/manifest" Target="/${escapeXml(manifest)}" Id="R1" />
</Relationships>
`

const contentTypes = `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />
  <Default Extension="nuspec" ContentType="application/octet" />
  <Default Extension="md" ContentType="application/octet" />
  <Default Extension="_" ContentType="application/octet" />
</Types>
`
