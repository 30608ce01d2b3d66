import { zip } from './zip'

/** A sample package of the local feed: what its .nuspec says, and the files it carries. */
export interface SamplePackage {
  id: string
  version: string
  description: string
  /** An SPDX expression, or none for a commercial package. */
  license?: string
  dependencies: { id: string; range: string }[]
}

/** The framework the packages are for: every current .NET project can use them. */
export const targetFramework = { folder: 'netstandard2.0', nuspec: '.NETStandard2.0' }

/**
 * The packages the local stack's feed serves, written by the project itself (no download): two
 * versions of a Commercial Plus package that depends on a public one, as the vendor's feed has them.
 */
export const samplePackages: readonly SamplePackage[] = [
  { id: 'Prism.Core', version: '9.0.537', description: 'Prism.Core, a sample of the public package for the local feed.', license: 'MIT', dependencies: [] },
  ...['9.0.0', '9.1.0'].map((version) => ({
    id: 'Prism.Plus.Popups',
    version,
    description: `Prism.Plus.Popups ${version}, a sample of a Commercial Plus package for the local feed.`,
    dependencies: [{ id: 'Prism.Core', range: '9.0.537' }],
  })),
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
