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
import { gatewayFromSettings } from '../payments/gateway-from-settings'
import { checkPrices } from '../payments/price-check'
import { spaAuthSettings } from './identity/spa-auth-settings'
import { createSandbox, fetchDelivery } from './sandbox'
import { migrateSandbox } from './sandbox/schema'
import { priceCatalogue } from '../payments/stripe-settings'
import type { TlsFiles } from './tls'

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
  const api = createApi({
    db,
    stripe: gatewayFromSettings({ ...config, agent }),
    // The verifier production uses, against the local provider's B2C-shaped discovery document
    // (or a real tenant's, when the AUTH_* variables name one).
    verifyToken: createTokenVerifier(
      {
        metadataUrl: config.AUTH_METADATA_URL || identity.metadataUrl,
        issuer: config.AUTH_ISSUER || identity.issuer,
        audience: config.AUTH_AUDIENCE || identity.audience,
        emailClaim: config.AUTH_EMAIL_CLAIM,
      },
      { fetch: trusting },
    ),
    siteOrigin: config.origin,
    feedBaseUrl: `${config.origin}/feed/`,
    discordInviteUrl: config.DISCORD_INVITE_URL,
    instancesUp: instances.up,
    feedUsage,
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
  // The stack's own jobs and checks reach the sandbox in this process (the server is not listening yet),
  // through the same SDK and gateway: its prices must charge what the site shows, as production's must.
  const stripe = gatewayFromSettings({ ...config, fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)) })
  await checkPrices(stripe.gateway, stripe.prices)
  // Mail goes to the stack's own catcher (MailDev), unless SMTP_URL names a server.
  const catcher = config.SMTP_URL ? undefined : await startMailCatcher({ smtpPort: config.MAILDEV_SMTP_PORT, webPort: config.MAILDEV_WEB_PORT, mailDir: `${config.LOCAL_DIR}/mail` })
  const mail = startMail({
    db,
    smtpUrl: config.SMTP_URL || catcher!.smtpUrl,
    from: config.MAIL_FROM,
    siteOrigin: config.origin,
    jobs: periodicJobsWithStripe(stripe),
    jobsEveryMs: config.PERIODIC_JOBS_EVERY_MS,
  })
  return { db, instances, identity, api, feedUsage, sandbox, seeded, mail, catcher }
}
