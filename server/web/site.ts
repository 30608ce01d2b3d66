import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { headersForPath, parseHeadersFile } from './headers-file'

/** Paths whose pages render in the browser only (the signed-in portal): they get the app shell. */
const clientRenderedPrefixes = ['/account']

const immutableAssets = 'public, max-age=31536000, immutable'

/** The build's security headers (dist/_headers), which a static host would send with the same files. */
function readSiteHeaders(distDir: string) {
  const file = join(distDir, '_headers')
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (it writes the site's security headers).`)
  return parseHeadersFile(readFileSync(file, 'utf8'))
}

/**
 * Serves the built site: prerendered pages and hashed assets as files, the app shell for
 * portal routes, and the prerendered 404 page (with status 404) for everything else. Every
 * response carries the headers of dist/_headers for its path.
 */
export function createSiteApp(distDir: string): Hono {
  const app = new Hono()
  const page = (name: string) => readFile(join(distDir, name), 'utf8')
  const headerRules = readSiteHeaders(distDir)

  app.use('*', async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headersForPath(headerRules, c.req.path))) c.header(name, value)
  })
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', immutableAssets)
  })
  // The host reads it; nobody downloads it.
  app.use('/_headers', async (c) => c.html(await page('404.html'), 404))
  app.use('*', serveStatic({ root: distDir, precompressed: true }))

  app.get('*', async (c) => {
    const path = c.req.path
    c.header('Cache-Control', 'no-cache')
    if (clientRenderedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      return c.html(await page('app.html'))
    }
    return c.html(await page('404.html'), 404)
  })
  return app
}
