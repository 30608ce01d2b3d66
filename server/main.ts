import { createServer } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { loadLocalDefaults, readServerConfig } from './config'
import { demoPeople } from './demo-accounts'
import { startStack } from './stack'
import { loadOrCreateCertificate } from './tls'
import { createDevSite } from './web/dev-site'
import { type HeaderSet, serviceHeaders } from './web/security-headers'
import { createSiteApp } from './web/site'

/**
 * The local stack on one HTTPS origin: the identity provider under /idp, the accounts API under
 * /api, the payment sandbox under /sandbox, and the site. `--dev` serves the SPA from Vite's dev
 * server (hot reload) instead of the built files in dist/.
 */
const dev = process.argv.includes('--dev')
loadLocalDefaults()
const config = readServerConfig()
const tls = await loadOrCreateCertificate(config.LOCAL_DIR)
const stack = await startStack(config, tls)

type Handler = (req: IncomingMessage, res: ServerResponse) => void
const api = getRequestListener(stack.api.fetch)
const sandbox = getRequestListener(stack.sandbox.app.fetch)
// In development Vite's dev server answers for the site (below), and dist/ need not exist.
let site: Handler = dev ? () => undefined : getRequestListener(createSiteApp(config.DIST_DIR).fetch)
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)
/** The services on the site's origin, each with its security headers (what it sets itself comes on top). */
const services: [prefix: string, headers: HeaderSet, handle: Handler][] = [
  ['/idp', serviceHeaders('identity'), stack.identity.handle],
  ['/api', serviceHeaders('api'), api],
  ['/sandbox', serviceHeaders('payments'), sandbox],
  // Stripe's REST API, as the sandbox serves it to the server's SDK and to its Stripe.js.
  ['/v1', serviceHeaders('payments'), sandbox],
]

const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
  const path = req.url ?? '/'
  const service = services.find(([prefix]) => under(path, prefix))
  if (!service) return site(req, res)
  const [, headers, handle] = service
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  return handle(req, res)
})
const devSite = dev ? await createDevSite(server) : undefined
if (devSite) site = devSite.handle

server.listen(config.PORT, config.HOST, () => {
  console.log(`\n  Prism is running at ${config.origin}/${dev ? ' (development: hot reload)' : ''}`)
  console.log('  The certificate is self-signed: accept it once in your browser (Advanced -> Proceed).')
  console.log(`  Database: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.LOCAL_DIR}/db`}${stack.seeded ? ', seeded with the demo accounts' : ''}`)
  console.log('\n  Demo accounts (Account -> sign in, no passwords):')
  for (const person of demoPeople) console.log(`    ${person.email.padEnd(24)} ${person.provider.padEnd(10)} ${person.state}`)
  console.log('')
})

async function stop() {
  stack.sandbox.webhooks.stop()
  await devSite?.close()
  server.close()
  server.closeAllConnections()
  await stack.db.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
