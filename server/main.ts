import { createServer } from 'node:https'
import { getRequestListener } from '@hono/node-server'
import { readServerConfig } from './config'
import { loadOrCreateCertificate } from './tls'
import { createSiteApp } from './web/site'

const config = readServerConfig()
const tls = await loadOrCreateCertificate(config.LOCAL_DIR)
const site = getRequestListener(createSiteApp(config.DIST_DIR).fetch)

const server = createServer({ key: tls.key, cert: tls.cert }, site)

server.listen(config.PORT, config.HOST, () => {
  console.log(`\n  Prism is running at ${config.origin}/`)
  console.log('  The certificate is self-signed: accept it once in your browser (Advanced -> Proceed).\n')
})

function stop() {
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
