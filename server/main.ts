import { createServer } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { readServerConfig } from './config'
import { demoPeople } from './demo-accounts'
import { createIdentityProvider } from './identity'
import { loadOrCreateCertificate } from './tls'
import { createDevSite } from './web/dev-site'
import { createSiteApp } from './web/site'

/**
 * The local stack on one HTTPS origin. `--dev` serves the SPA from Vite's dev server (hot
 * reload) instead of the built files in dist/.
 */
const dev = process.argv.includes('--dev')
const config = readServerConfig()
const tls = await loadOrCreateCertificate(config.LOCAL_DIR)

type Handler = (req: IncomingMessage, res: ServerResponse) => void
let site: Handler = getRequestListener(createSiteApp(config.DIST_DIR).fetch)
const identity = await createIdentityProvider({ origin: config.origin, localDir: config.LOCAL_DIR, people: demoPeople })

/** One origin: the identity provider under /idp, the site for everything else. */
const route: Handler = (req, res) => {
  const path = req.url ?? '/'
  if (path === '/idp' || path.startsWith('/idp/')) return identity.handle(req, res)
  return site(req, res)
}
const server = createServer({ key: tls.key, cert: tls.cert }, route)
const devSite = dev ? await createDevSite(server) : undefined
if (devSite) site = devSite.handle

server.listen(config.PORT, config.HOST, () => {
  console.log(`\n  Prism is running at ${config.origin}/${dev ? ' (development: hot reload)' : ''}`)
  console.log('  The certificate is self-signed: accept it once in your browser (Advanced -> Proceed).\n')
})

async function stop() {
  await devSite?.close()
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
