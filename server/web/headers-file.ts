import type { HeaderRule, HeaderSet } from './security-headers'

/**
 * The `_headers` file static hosts read (Netlify, Cloudflare Pages): a path pattern, then its
 * headers indented below it. Every matching rule applies in order; a later rule's header replaces
 * an earlier one (Netlify), and `! Name` removes it first (Cloudflare, which would otherwise join
 * the two values; Netlify skips that line). The local server serves the site with the same file.
 */

/** Cloudflare Pages ignores longer lines, and with them the policy. */
export const maxLineLength = 2000

export function formatHeadersFile(rules: HeaderRule[], preamble: string[] = []): string {
  const lines = [...preamble.map((line) => `# ${line}`)]
  for (const rule of rules) {
    if (lines.length) lines.push('')
    if (rule.comment) lines.push(`# ${rule.comment}`)
    lines.push(rule.path)
    for (const name of rule.detach ?? []) lines.push(`  ! ${name}`)
    for (const [name, value] of Object.entries(rule.headers)) lines.push(`  ${name}: ${value}`)
  }
  const tooLong = lines.find((line) => line.length > maxLineLength)
  if (tooLong) throw new Error(`A _headers line is longer than ${maxLineLength} characters, which static hosts ignore: ${tooLong.slice(0, 80)}…`)
  return `${lines.join('\n')}\n`
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    if (line.startsWith('/')) {
      rules.push({ path: line, headers: {} })
      continue
    }
    const rule = rules.at(-1)
    if (!rule) throw new Error(`_headers: a header comes before any path: ${line}`)
    if (line.startsWith('!')) {
      ;(rule.detach ??= []).push(line.slice(1).trim())
      continue
    }
    const colon = line.indexOf(':')
    if (colon < 1) throw new Error(`_headers: not a header: ${line}`)
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  }
  return rules
}

/** `*` matches anything (also nothing and slashes), as a splat does on both hosts. */
function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`).test(path)
}

/** The headers a static host sends for a path. */
export function headersForPath(rules: HeaderRule[], path: string): HeaderSet {
  const headers = new Map<string, [string, string]>()
  for (const rule of rules.filter((candidate) => matches(candidate.path, path))) {
    for (const name of rule.detach ?? []) headers.delete(name.toLowerCase())
    for (const [name, value] of Object.entries(rule.headers)) headers.set(name.toLowerCase(), [name, value])
  }
  return Object.fromEntries(headers.values())
}
