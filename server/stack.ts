import { createLocalJWKSet } from 'jose'
import { createAccountsApp } from './accounts/app'
import { fulfillPurchase } from './accounts/license-store'
import { createTokenVerifier } from './accounts/token-verifier'
import type { ServerConfig } from './config'
import { openDatabase } from './db/database'
import { migrate } from './db/migrations'
import { seedIfEmpty } from './db/seed'
import { demoPeople } from './demo-accounts'
import { createIdentityProvider } from './identity'
import { spaAuthSettings } from './identity/spa-auth-settings'
import { createSandboxApp } from './payments/sandbox/app'
import { createSandboxGateway } from './payments/sandbox/gateway'

/** The services behind the site: database, identity provider, accounts API, payment sandbox. */
export async function startStack(config: ServerConfig) {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.LOCAL_DIR}/db` })
  await migrate(db)
  const seeded = await seedIfEmpty(db)
  const identity = await createIdentityProvider({ ...spaAuthSettings(), origin: config.origin, localDir: config.LOCAL_DIR, people: demoPeople, accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS })
  const gateway = createSandboxGateway(db, config.origin)
  const api = createAccountsApp({
    db,
    gateway,
    verifyToken: createTokenVerifier({ getKey: createLocalJWKSet(identity.publicJwks), issuers: identity.issuers, audience: identity.audience }),
    siteOrigin: config.origin,
    discordInviteUrl: config.DISCORD_INVITE_URL,
  })
  const sandbox = createSandboxApp(db, (checkout) =>
    fulfillPurchase(db, { sessionId: checkout.sessionId, ownerOid: checkout.accountId, priceId: checkout.priceId, quantity: checkout.quantity, subscriptionId: checkout.subscriptionId, currentPeriodEnd: checkout.currentPeriodEnd }),
  )
  return { db, identity, api, sandbox, seeded }
}
