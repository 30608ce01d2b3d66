import { readFile } from 'node:fs/promises'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createViteServer } from 'vite'

/**
 * The site from Vite's dev server (hot reload) instead of the built files, for `npm run dev`.
 * Pages are rendered in the browser; Vite's HMR socket shares the HTTPS server.
 */
export async function createDevSite(httpServer: Server) {
  const vite = await createViteServer({
    mode: 'localstack',
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
        const html = await shell(req.url ?? '/')
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(html)
      } catch (error) {
        vite.ssrFixStacktrace(error as Error)
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String((error as Error).stack ?? error))
      }
    })
  }
  return { handle, close: () => vite.close() }
}
