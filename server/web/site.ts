import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'

/** Paths whose pages render in the browser only (the signed-in portal): they get the app shell. */
const clientRenderedPrefixes = ['/account']

const immutableAssets = 'public, max-age=31536000, immutable'

/**
 * Serves the built site: prerendered pages and hashed assets as files, the app shell for
 * portal routes, and the prerendered 404 page (with status 404) for everything else.
 */
export function createSiteApp(distDir: string): Hono {
  const app = new Hono()
  const page = (name: string) => readFile(join(distDir, name), 'utf8')

  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', immutableAssets)
  })
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
