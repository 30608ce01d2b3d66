import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { createApi } from './api/create-api'
import { createTokenVerifier } from './api/token-verifier'
import { licensingKeysApp } from './api/licensing-keys'
import { createLicenseKeyring } from './licensing/license-signing-keys'
import { openPostgres } from './db/postgres'
import { migrate } from './db/migrations'
import { trackInstances } from './db/instances'
import { createFeedUsage } from './feed/feed-usage'
import { createStandings } from './organisations/standing'
import { createHandler } from './http/handler'
import { healthChecks } from './http/health'
import { keepIdleConnectionsOpen } from './http/keep-alive'
import { closeGracefully } from './http/shutdown'
import { log } from './log'
import { periodicJobsWithStripe } from './periodic-jobs'
import { startReconciliation } from './reconciliation/schedule'
import { gatewayFromSettings } from './payments/gateway-from-settings'
import { checkPrices } from './payments/price-check'
import { PaymentUnavailableError } from './payments/errors'
import { startMail } from './mail/start'
import { readProductionSettings } from './production-config'
import { licensingKeysPath } from '@/common/api-paths'
import { serviceHeaders } from './web/security-headers'
import { createSiteApp } from './web/site'

/**
 * Production: the built site and the accounts API over plain HTTP behind a TLS-terminating proxy,
 * on PostgreSQL, against the tenant and Stripe, with mail through SMTP_URL. Never the identity
 * provider, the payment sandbox, its /v1 API, the mail catcher or the demo seed: those exist only
 * in the local stack (server/local/main.ts).
 */
let settings
try {
  settings = readProductionSettings()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

// One Stripe gateway for the process: the API and the jobs share it. Its prices must charge what
// the site shows: a difference stops the start, naming the price.
const stripe = gatewayFromSettings(settings)
try {
  await checkPrices(stripe.gateway, stripe.prices)
} catch (error) {
  // Stripe out of reach (after the SDK's retries) does not keep the licenses and the feed down: the
  // daily reconciliation checks the prices again.
  if (!(error instanceof PaymentUnavailableError)) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  log.error({ err: { type: error.type, message: error.message } }, "Stripe's prices could not be read at start: they are checked again with the next reconciliation")
}

const db = await openPostgres(settings.DATABASE_URL, {
  poolSize: settings.DATABASE_POOL_SIZE,
  statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
  poolWaitMs: settings.DATABASE_POOL_WAIT_SECONDS * 1000,
})
const applied = await migrate(db)
if (applied.length) log.info({ applied }, 'migrations applied')
// The instances that are up share the rate limits between them.
const instances = await trackInstances(db)

const feedUsage = createFeedUsage(db)
// Each person's organisation and role, kept in memory for ROLE_CACHE_SECONDS at most: every instance
// hears the others' changes, and a change reads the role again.
const standings = createStandings(db, { listen: true, maxAgeMs: settings.ROLE_CACHE_SECONDS * 1000 })
// License files are signed with the configured keys; the JWKS publishes their public halves.
const licenseKeyring = createLicenseKeyring(settings.LICENSE_SIGNING_KEYS, { overlapDays: settings.LICENSE_KEY_OVERLAP_DAYS })
const api = createApi({
  db,
  stripe,
  verifyToken: createTokenVerifier({
    metadataUrl: settings.AUTH_METADATA_URL,
    issuer: settings.AUTH_ISSUER,
    audience: settings.AUTH_AUDIENCE,
    emailClaim: settings.AUTH_EMAIL_CLAIM,
    policies: settings.AUTH_POLICIES,
    tenantVerifiesEveryEmail: settings.AUTH_TENANT_VERIFIES_EMAIL,
  }),
  siteOrigin: settings.PUBLIC_ORIGIN,
  feedBaseUrl: settings.FEED_BASE_URL,
  feedOutageCeilingSeconds: settings.FEED_OUTAGE_CEILING_SECONDS,
  discordInviteUrl: settings.DISCORD_INVITE_URL,
  rateLimits: {
    readsPerSecond: settings.RATE_LIMIT_READS_PER_SECOND,
    writesPerSecond: settings.RATE_LIMIT_WRITES_PER_SECOND,
    burst: settings.RATE_LIMIT_BURST,
    feedFailures: { perAddress: { perSecond: settings.FEED_FAILURES_PER_MINUTE / 60, burst: settings.FEED_FAILURE_BURST } },
  },
  instancesUp: instances.up,
  feedUsage,
  standings,
  licenseKeyring,
})
const site = getRequestListener(createSiteApp(settings.DIST_DIR).fetch)
// The jobs (the reconciliation) take Stripe's slots of their own, beside the API's and the webhooks' (decision 0051).
const jobsStripe = { ...stripe, gateway: stripe.gateway.as({ lane: 'jobs' }) }
const mail = startMail({ db, smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM, siteOrigin: settings.PUBLIC_ORIGIN, jobs: periodicJobsWithStripe(jobsStripe.gateway) })
// The reconciliation on a timer of its own: a slow run holds up no mail (decision 0060).
const reconciliation = startReconciliation(db, jobsStripe)

// Not ready from the moment it is told to stop (closeGracefully, below).
const stopping = { draining: () => false }
const server = createServer(
  createHandler({
    services: [
      ['/api', serviceHeaders('api'), getRequestListener(api.fetch)],
      [licensingKeysPath, serviceHeaders('api'), getRequestListener(licensingKeysApp(licenseKeyring).fetch)],
    ],
    site: () => site,
    health: healthChecks(db, () => stopping.draining()),
    trustProxy: settings.TRUST_PROXY,
  }),
)
keepIdleConnectionsOpen(server)
server.listen(settings.PORT, settings.HOST, () => log.info({ port: (server.address() as AddressInfo).port, origin: settings.PUBLIC_ORIGIN }, 'Prism portal listening'))
stopping.draining = closeGracefully(server, async () => {
  await instances.stop()
  await feedUsage.stop()
  await standings.stop()
  await reconciliation.stop()
  await mail.stop()
  await db.close()
}).draining
