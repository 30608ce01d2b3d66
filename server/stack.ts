import { createLocalJWKSet } from 'jose'
import { createAccountsApp } from './accounts/app'
import { createTokenVerifier } from './accounts/token-verifier'
import type { ServerConfig } from './config'
import { openDatabase } from './db/database'
import { migrate } from './db/migrations'
import { sandboxPrices, seedIfEmpty } from './db/seed'
import { demoPeople } from './demo-accounts'
import { createIdentityProvider } from './identity'
import { spaAuthSettings } from './identity/spa-auth-settings'
import { createStripeGateway } from './payments/gateway'
import { localAgent, postThrough } from './payments/local-link'
import { createSandbox } from './payments/sandbox'
import { createStripeClient } from './payments/stripe-client'
import { priceCatalogue } from './payments/stripe-settings'
import type { TlsFiles } from './tls'

/** The services behind the site: database, identity provider, accounts API, payment sandbox. */
export async function startStack(config: ServerConfig, tls: TlsFiles) {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.LOCAL_DIR}/db` })
  await migrate(db)
  const prices = priceCatalogue(config)
  const seeded = await seedIfEmpty(db, prices)
  const identity = await createIdentityProvider({ ...spaAuthSettings(), origin: config.origin, localDir: config.LOCAL_DIR, people: demoPeople, accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS })
  const agent = localAgent(tls.cert)
  // The same SDK and gateway production uses, pointed at the sandbox's Stripe-compatible API.
  const stripe = createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE, agent })
  const api = createAccountsApp({
    db,
    stripe,
    gateway: createStripeGateway(stripe, prices),
    prices,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    verifyToken: createTokenVerifier({ getKey: createLocalJWKSet(identity.publicJwks), issuers: identity.issuers, audience: identity.audience }),
    siteOrigin: config.origin,
    discordInviteUrl: config.DISCORD_INVITE_URL,
  })
  const sandbox = createSandbox({
    db,
    origin: config.origin,
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: process.env.VITE_STRIPE_PUBLISHABLE_KEY ?? 'pk_test_sandbox_local',
    prices: sandboxPrices(prices),
    webhook: { url: `${config.origin}/api/stripe/webhook`, secret: config.STRIPE_WEBHOOK_SECRET },
    deliver: postThrough(agent),
  })
  return { db, identity, api, sandbox, seeded }
}
