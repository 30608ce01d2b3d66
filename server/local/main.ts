import { createServer } from 'node:https'
import { getRequestListener } from '@hono/node-server'
import { loadLocalDefaults, readServerConfig } from './config'
import { demoPeople } from './demo-accounts'
import { createHandler, type Handler } from '../http/handler'
import { healthChecks } from '../http/health'
import { closeGracefully } from '../http/shutdown'
import { keepIdleConnectionsOpen } from '../http/keep-alive'
import { startBackgroundWork, startStack } from './stack'
import { loadOrCreateCertificate } from './tls'
import { createDevSite } from './dev-site'
import { createFeedApp } from './feed/feed-app'
import { holdDataDirectory } from './data-lock'
import { serviceHeaders } from '../web/security-headers'
import { createSiteApp } from '../web/site'
import { licensingKeysApp } from '../api/licensing-keys'
import { licensingKeysPath } from '@/common/api-paths'

/**
 * The local stack on one HTTPS origin: the identity provider under /idp, the accounts API under
 * /api, the payment sandbox under /sandbox and Stripe's API under /v1, the package feed under /feed,
 * and the site. `--dev` serves the SPA from Vite's dev server (hot reload) instead of the built
 * files in dist/. One process at a time on a LOCAL_DIR: a second one stops at once and says why.
 */
const dev = process.argv.includes('--dev')
loadLocalDefaults()
const config = readServerConfig()
holdDataDirectory(config.LOCAL_DIR, dev ? 'npm run dev' : 'npm start')
const tls = await loadOrCreateCertificate(config.LOCAL_DIR)
const stack = await startStack(config, tls)

const sandbox = getRequestListener(stack.sandbox.app.fetch)
// The sample NuGet feed, made as nginx makes production's: the portal answers its metadata per credential and lets each package file through.
const feed = createFeedApp({ origin: config.origin, path: '/feed', portal: stack.api.fetch })
// In development Vite's dev server answers for the site (below), and dist/ need not exist.
let site: Handler = dev ? () => undefined : getRequestListener(createSiteApp(config.DIST_DIR).fetch)

const server = createServer(
  { key: tls.key, cert: tls.cert },
  createHandler({
    services: [
      ['/idp', serviceHeaders('identity'), stack.identity.handle],
      ['/api', serviceHeaders('api'), getRequestListener(stack.api.fetch)],
      ['/sandbox', serviceHeaders('payments'), sandbox],
      // Stripe's REST API, as the sandbox serves it to the server's SDK and to its Stripe.js.
      ['/v1', serviceHeaders('payments'), sandbox],
      ['/feed', serviceHeaders('api'), getRequestListener(feed.fetch)],
      [licensingKeysPath, serviceHeaders('api'), getRequestListener(licensingKeysApp(stack.licenseKeyring).fetch)],
    ],
    site: () => site,
    health: healthChecks(stack.db),
    trustProxy: () => false,
  }),
)
keepIdleConnectionsOpen(server)
const devSite = dev ? await createDevSite(server) : undefined
if (devSite) site = devSite.handle

await new Promise<void>((listening) => server.listen(config.PORT, config.HOST, listening))
// The price check and the jobs reach the sandbox through the API's gateway, over this server.
const mail = await startBackgroundWork(stack, config).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
printWelcome()
closeGracefully(server, async () => {
  stack.sandbox.webhooks.stop()
  await stack.instances.stop()
  await stack.feedUsage.stop()
  await mail.stop()
  await stack.catcher?.stop()
  await devSite?.close()
  await stack.db.close()
})

function printWelcome() {
  console.log(`\n  Prism is running at ${config.origin}/${dev ? ' (development: hot reload)' : ''}`)
  console.log('  The certificate is self-signed: accept it once in your browser (Advanced -> Proceed).')
  console.log(`  Database: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.LOCAL_DIR}/db`}${stack.seeded ? ', seeded with the demo accounts' : ''}`)
  console.log(`  Mail inbox: ${stack.catcher ? stack.catcher.inboxUrl : 'none here: mail goes to SMTP_URL'}`)
  console.log('\n  Demo accounts (Account -> sign in, no passwords):')
  for (const person of demoPeople) console.log(`    ${person.email.padEnd(24)} ${person.provider.padEnd(10)} ${person.state}`)
  console.log('')
}
