import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatHeadersFile } from '../server/web/headers-file'
import { inlineScriptHashes, siteHeaderRules, type SiteEnv } from '../server/web/security-headers'

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? htmlFiles(path) : entry.name.endsWith('.html') ? [path] : []
  })
}

/**
 * Writes dist/_headers, the site's security headers for static hosting (the local server sends the
 * same file). The policy allows exactly the inline scripts of the built pages, by hash.
 */
export function writeSiteHeaders(distDir: string, env: SiteEnv): void {
  const scriptHashes = htmlFiles(distDir).flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8')))
  const preamble = [
    'Security headers of the site, written by `npm run build` (server/web/security-headers.ts).',
    'The script hashes are those of the inline scripts of this build: deploy this file with it.',
  ]
  writeFileSync(join(distDir, '_headers'), formatHeadersFile(siteHeaderRules(env, scriptHashes), preamble))
}
