import { createApi } from '../api/create-api'
import { createTokenVerifier } from '../api/token-verifier'
import type { ServerConfig } from './config'
import { openDatabase } from './db/open-database'
import { migrate } from '../db/migrations'
import { sandboxPrices, seedIfEmpty } from './seed'
import { demoPeople } from './demo-accounts'
import { fetchTrusting, trustingAgent } from './trusting-fetch'
import { createIdentityProvider } from './identity'
import { startMailCatcher } from './mail-catcher'
import { startMail } from '../mail/start'
import { trackInstances } from '../db/instances'
import { createFeedUsage } from '../feed/feed-usage'
import { periodicJobsWithStripe } from '../periodic-jobs'
import { startReconciliation } from '../reconciliation/schedule'
import { gatewayFromSettings } from '../payments/gateway-from-settings'
import { checkPrices } from '../payments/price-check'
import { spaAuthSettings } from './identity/spa-auth-settings'
import { createSandbox, fetchDelivery } from './sandbox'
import { migrateSandbox } from './sandbox/schema'
import { priceCatalogue } from '../payments/stripe-settings'
import type { TlsFiles } from './tls'
import { loadOrCreateLicenseKeyring } from './licensing-keys'

/** The services behind the site: database, identity provider, accounts API, payment sandbox, mail (and its catcher). */
export async function startStack(config: ServerConfig, tls: TlsFiles) {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.LOCAL_DIR}/db` })
  await migrate(db)
  const sandboxIsNew = (await migrateSandbox(db)).includes(1)
  const prices = priceCatalogue(config)
  const instances = await trackInstances(db)
  const seeded = await seedIfEmpty(db, prices, { sandboxIsNew })
  const identity = await createIdentityProvider({ ...spaAuthSettings(), origin: config.origin, localDir: config.LOCAL_DIR, people: demoPeople, accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS })
  const agent = trustingAgent(tls.cert)
  const trusting = fetchTrusting(tls.cert)
  // The same SDK and gateway production uses, pointed at the sandbox's Stripe-compatible API.
  const feedUsage = createFeedUsage(db)
  // One gateway for the process, over HTTPS to the sandbox's Stripe-compatible API as production's goes to Stripe.
  const stripe = gatewayFromSettings({ ...config, agent })
  const licenseKeyring = loadOrCreateLicenseKeyring(config.LOCAL_DIR)
  const api = createApi({
    db,
    stripe,
    // The verifier production uses, against the local provider's B2C-shaped discovery document
    // (or a real tenant's, when the AUTH_* variables name one).
    verifyToken: createTokenVerifier(
      {
        metadataUrl: config.AUTH_METADATA_URL || identity.metadataUrl,
        issuer: config.AUTH_ISSUER || identity.issuer,
        audience: config.AUTH_AUDIENCE || identity.audience,
        emailClaim: config.AUTH_EMAIL_CLAIM,
        policies: config.AUTH_METADATA_URL ? config.AUTH_POLICIES : [identity.signInPolicy],
        tenantVerifiesEveryEmail: config.AUTH_TENANT_VERIFIES_EMAIL,
      },
      { fetch: trusting },
    ),
    siteOrigin: config.origin,
    feedBaseUrl: `${config.origin}/feed/`,
    discordInviteUrl: config.DISCORD_INVITE_URL,
    instancesUp: instances.up,
    feedUsage,
    licenseKeyring,
  })
  const sandbox = createSandbox({
    db,
    origin: config.origin,
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: process.env.VITE_STRIPE_PUBLISHABLE_KEY ?? 'pk_test_sandbox_local',
    prices: sandboxPrices(prices),
    webhook: { url: `${config.origin}/api/stripe/webhook`, secret: config.STRIPE_WEBHOOK_SECRET },
    deliver: fetchDelivery(trusting),
  })
  // Mail goes to the stack's own catcher (MailDev), unless SMTP_URL names a server.
  const catcher = config.SMTP_URL ? undefined : await startMailCatcher({ smtpPort: config.MAILDEV_SMTP_PORT, webPort: config.MAILDEV_WEB_PORT, mailDir: `${config.LOCAL_DIR}/mail` })
  return { db, instances, identity, api, licenseKeyring, feedUsage, sandbox, seeded, catcher, stripe }
}

type Stack = Awaited<ReturnType<typeof startStack>>

/**
 * What reaches Stripe's API on its own: the price check and the billing reconciliation; and the mail worker with its periodic jobs. They
 * go through the API's gateway over HTTPS, so they start once the server that serves the sandbox
 * listens; the prices must charge what the site shows, as production's must.
 */
export async function startBackgroundWork(stack: Stack, config: ServerConfig) {
  await checkPrices(stack.stripe.gateway, stack.stripe.prices)
  const mail = startMail({
    db: stack.db,
    smtpUrl: config.SMTP_URL || stack.catcher!.smtpUrl,
    from: config.MAIL_FROM,
    siteOrigin: config.origin,
    jobs: periodicJobsWithStripe(stack.stripe.gateway.as({ lane: 'jobs' })),
    jobsEveryMs: config.PERIODIC_JOBS_EVERY_MS,
  })
  // Off the mail worker's path, with Stripe's slots of the jobs (decision 0060).
  const reconciliation = startReconciliation(stack.db, { ...stack.stripe, gateway: stack.stripe.gateway.as({ lane: 'jobs' }) }, { everyMs: config.PERIODIC_JOBS_EVERY_MS })
  return {
    stop: async () => {
      await reconciliation.stop()
      await mail.stop()
    },
  }
}
