import { readFile } from 'node:fs/promises'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createViteServer, loadEnv } from 'vite'
import { parsePublicEnv } from '@/common/config-schema'
import { headersForPath } from '../web/headers-file'
import { inlineScriptHashes, siteHeaderRules } from '../web/security-headers'

/**
 * The site from Vite's dev server (hot reload) instead of the built files, for `npm run dev`.
 * Pages are rendered in the browser; Vite's HMR socket shares the HTTPS server. Pages get the
 * built site's security headers, with the hashes of this page's inline scripts (Vite adds React
 * Refresh's preamble).
 */
export async function createDevSite(httpServer: Server) {
  const mode = 'localstack'
  const env = parsePublicEnv(loadEnv(mode, process.cwd(), 'VITE_'))
  const vite = await createViteServer({
    mode,
    appType: 'custom',
    server: { middlewareMode: true, ws: { server: httpServer } },
  })
  const shell = async (url: string) => {
    const template = (await readFile('index.html', 'utf8')).replace('<!--app-head-->', '').replace('<!--app-html-->', '')
    return vite.transformIndexHtml(url, template)
  }
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    vite.middlewares(req, res, async () => {
      try {
        const url = req.url ?? '/'
        const html = await shell(url)
        const headers = headersForPath(siteHeaderRules(env, inlineScriptHashes(html)), new URL(url, 'https://localhost').pathname)
        res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(html)
      } catch (error) {
        vite.ssrFixStacktrace(error as Error)
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String((error as Error).stack ?? error))
      }
    })
  }
  return { handle, close: () => vite.close() }
}
