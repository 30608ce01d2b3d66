/**
 * NuGet's grammar for what a feed address names: a package id (NuGet's PackageIdValidator: word
 * characters joined by single dots, dashes or underscores, at most 100) and a version (NuGet's:
 * two to four numbers, a prerelease label, build metadata). The feed answers 400 or 404 for
 * anything else, never 500, and compares both without regard to case.
 */
const idPattern = /^\w+(?:[._-]\w+)*$/
export const maxIdLength = 100

/** The id as given when it is one NuGet would accept; null otherwise. */
export function packageIdOf(text: string): string | null {
  return text.length <= maxIdLength && idPattern.test(text) ? text : null
}

export interface ParsedVersion {
  numbers: [number, number, number, number]
  /** The prerelease label's parts (`beta.2` → ['beta', '2']); empty for a release. */
  prerelease: string[]
}

const label = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*'
const versionPattern = new RegExp(`^(\\d{1,10})\\.(\\d{1,10})(?:\\.(\\d{1,10}))?(?:\\.(\\d{1,10}))?(?:-(${label}))?(?:\\+${label})?$`)
/** NuGet keeps each number in a 32-bit int. */
const maxNumber = 2 ** 31 - 1

/** The version when NuGet could parse it; null otherwise. */
export function parseVersion(text: string): ParsedVersion | null {
  const match = versionPattern.exec(text)
  if (!match) return null
  const numbers = [1, 2, 3, 4].map((group) => Number(match[group] ?? 0)) as ParsedVersion['numbers']
  if (numbers.some((number) => number > maxNumber)) return null
  return { numbers, prerelease: match[5] ? match[5].split('.') : [] }
}

/** NuGet's normalized form, lower-cased as the package base address spells it: no leading zeros, no fourth number when it is 0, no build metadata. */
export function normalizedVersion(version: ParsedVersion): string {
  const [major, minor, patch, revision] = version.numbers
  const numbers = revision ? [major, minor, patch, revision] : [major, minor, patch]
  return `${numbers.join('.')}${version.prerelease.length ? `-${version.prerelease.join('.')}` : ''}`.toLowerCase()
}

/** SemVer 2.0's order, as NuGet sorts: by the numbers, a prerelease before its release, labels part by part (numbers before words). */
export function compareVersions(a: ParsedVersion, b: ParsedVersion): number {
  for (let index = 0; index < 4; index++) if (a.numbers[index] !== b.numbers[index]) return a.numbers[index]! - b.numbers[index]!
  if (!a.prerelease.length || !b.prerelease.length) return b.prerelease.length - a.prerelease.length
  for (let index = 0; index < Math.max(a.prerelease.length, b.prerelease.length); index++) {
    const [x, y] = [a.prerelease[index], b.prerelease[index]]
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1
    const [xNumber, yNumber] = [/^\d+$/.test(x), /^\d+$/.test(y)]
    if (xNumber && yNumber && Number(x) !== Number(y)) return Number(x) - Number(y)
    if (xNumber !== yNumber) return xNumber ? -1 : 1
    const order = x.toLowerCase().localeCompare(y.toLowerCase(), 'en')
    if (order) return order
  }
  return 0
}
