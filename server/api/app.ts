import { Hono } from 'hono'
import { apiBase, apiMounts, apiRoutes } from '@/common/api-paths'
import { noteCaller } from '../http/request-log'
import { createStandings } from '../organisations/standing'
import { accountRoutes, discordRoutes } from './account'
import { activityRoutes } from './activity'
import { authRoutes } from './auth'
import { billingRoutes } from './billing'
import { failureAddressOf } from '../feed/failure-address'
import { checkoutRoutes } from './checkout'
import { companyRoutes } from './company'
import { invoiceOrderRoutes } from './invoice-orders'
import { trialRoutes } from './trials'
import { quoteRoutes } from './quotes'
import type { Env } from './context'
import type { AccountsAppDeps } from './deps'
import { answerError } from './error-mapping'
import { feedRoutes } from './feed'
import { createCatalog } from '../feed/catalog'
import { createLicenseKeyring, newSigningKeySetting } from '../licensing/license-signing-keys'
import { feedTokenRoutes } from './feed-tokens'
import { limitBody, maxBodyBytes } from './json-body'
import { invitationRoutes, organisationInvitationRoutes } from './invitations'
import { licenseRoutes } from './licenses'
import { organisationRoutes } from './organisation'
import { productRoutes } from './products'
import { renewalChangeRoutes, renewalRoutes } from './renewals'
import { declaredPermissions } from './permissions'
import { createRateLimiter, defaultRateLimits } from './rate-limit'
import { stripeWebhookRoutes } from './stripe-webhook'
import { requireScope } from './token-verifier'

/** The calls that answer without a bearer token: each checks its own credentials. */
export const openPaths = [apiRoutes.stripeWebhook, apiRoutes.feedAuthorize, apiRoutes.feedV3].map((route) => `${apiBase}${route.path}`)

/**
 * The accounts API (spec section 7) under /api: the guard every call passes (a bearer token with
 * the scope, the caller's rate limit, the caller's standing in their organisation, the body
 * limit), one sub-app per resource, each route with the permission it needs (server/api/permissions.ts),
 * and the error mapping. Hono's non-strict routing answers `/account` and `/account/` alike.
 */
export function createAccountsApp(deps: AccountsAppDeps): Hono<Env> {
  const { db, gateway, siteOrigin } = deps
  const app = new Hono<Env>({ strict: false }).basePath(apiBase)
  const takeToken = createRateLimiter(deps.rateLimits ?? defaultRateLimits, deps.instancesUp)
  const standings = deps.standings ?? createStandings(db)
  // The feed's releases, kept in memory: the feed's answers and the licenses' coverage read them.
  const catalog = deps.catalog ?? createCatalog(db)
  const keyring = deps.licenseKeyring ?? createLicenseKeyring([newSigningKeySetting(new Date(0))])

  // Routes without a bearer token come before the guard: Stripe signs its events, and a package
  // feed's proxy asks with the seat holder's Basic credentials.
  app.route(apiMounts.stripeWebhook, stripeWebhookRoutes(db, gateway))
  app.route(
    apiMounts.feed,
    feedRoutes({
      db,
      catalog,
      siteOrigin,
      usage: deps.feedUsage,
      baseUrl: deps.feedBaseUrl ?? `${siteOrigin}/v3/`,
      outageCeilingSeconds: deps.feedOutageCeilingSeconds,
      limits: deps.rateLimits?.feedFailures,
      instancesUp: deps.instancesUp,
    }),
  )

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    const caller = await deps.verifyToken(c.req.header('authorization'))
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    requireScope(caller, reading ? 'accounts.read' : 'accounts.write')
    takeToken(caller.oid, reading ? 'read' : 'write')
    c.set('person', caller)
    c.set('caller', caller)
    c.set('standings', standings)
    c.set('standing', await standings.of(caller.oid))
    if (c.env?.incoming) noteCaller(c.env.incoming, caller.oid)
    await next()
  })
  app.use('*', limitBody(maxBodyBytes, 'The request body is too large.'))
  // Every other call under /stripe reaches Stripe: it takes from the person's Stripe budget too.
  app.use(`${apiMounts.stripe}/*`, async (c, next) => {
    takeToken(c.get('caller').oid, 'stripe')
    await next()
  })

  app.route(apiMounts.auth, authRoutes(db))
  app.route(apiMounts.licenses, licenseRoutes(db, catalog, { keyring, issuer: siteOrigin }))
  app.route(apiMounts.feedTokens, feedTokenRoutes(db, catalog))
  app.route(apiMounts.activity, activityRoutes(db))
  app.route(apiMounts.account, accountRoutes(db))
  app.route(apiMounts.organisationInvitations, organisationInvitationRoutes(db, standings))
  app.route(apiMounts.organisation, organisationRoutes(db, standings, gateway))
  app.route(apiMounts.invitations, invitationRoutes(db, standings))
  app.route(apiMounts.discord, discordRoutes(db, deps.discordInviteUrl))
  // A new account's first card setup makes a payment customer: counted per person and per client address (card testing).
  const newPaymentCustomer = (oid: string, address: string) => {
    takeToken(oid, 'newCustomerByPerson')
    takeToken(failureAddressOf(address), 'newCustomerByAddress')
  }
  app.route(apiMounts.stripe, billingRoutes(db, gateway, siteOrigin, newPaymentCustomer))
  app.route(apiMounts.stripe, checkoutRoutes(db, gateway, siteOrigin))
  app.route(apiMounts.stripe, companyRoutes(db, gateway))
  app.route(apiMounts.stripe, invoiceOrderRoutes(db, gateway))
  app.route(apiMounts.stripe, trialRoutes(db, gateway))
  app.route(apiMounts.stripe, quoteRoutes(db, gateway))
  app.route(apiMounts.renewalChanges, renewalChangeRoutes(db, gateway))
  app.route(apiMounts.renewals, renewalRoutes(db))
  app.route(apiMounts.products, productRoutes(db, deps.prices))

  const undeclared = [...declaredPermissions(app, openPaths)].filter(([, permission]) => !permission).map(([route]) => route)
  if (undeclared.length) throw new Error(`Every API route declares its permission; these do not: ${undeclared.join(', ')}`)

  app.notFound((c) => c.json({ message: 'There is no such API call.' }, 404))
  app.onError(answerError)
  return app
}
