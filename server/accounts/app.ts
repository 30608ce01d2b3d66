import { Hono, type Context } from 'hono'
import * as contract from '../../src/api/contract'
import { findPlan, plans, upgradePaths, type PriceId } from '../../src/content/plans'
import type { Database } from '../db/database'
import type { PaymentGateway } from '../payments/gateway'
import { PaymentDeclinedError } from '../payments/gateway'
import { findAccountRow, signIn, toAccount, updateProfile } from './account-store'
import { assignSeat, assignedSeats, changePlan, checkSeatCount, holdsCommercialPlus, licensesOf, statsOf, unassignSeat } from './license-store'
import { conflict, invalid, notFound, Problem } from './problems'
import { createRateLimiter, defaultRateLimits, type RateLimits } from './rate-limit'
import { readBody } from './request-body'
import { requireScope, type Caller, type createTokenVerifier } from './token-verifier'

export interface AccountsAppDeps {
  db: Database
  gateway: PaymentGateway
  verifyToken: ReturnType<typeof createTokenVerifier>
  /** The site's origin: return addresses must stay on it (no open redirects). */
  siteOrigin: string
  discordInviteUrl: string
  stripePriceIds?: Partial<Record<PriceId, string>>
  rateLimits?: RateLimits
}

type Env = { Variables: { caller: Caller } }

/** The accounts API (spec section 7) under /api. */
export function createAccountsApp(deps: AccountsAppDeps): Hono<Env> {
  const { db, gateway } = deps
  const app = new Hono<Env>().basePath('/api')
  const takeToken = createRateLimiter(deps.rateLimits ?? defaultRateLimits)

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    const caller = await deps.verifyToken(c.req.header('authorization'))
    const reading = c.req.method === 'GET'
    requireScope(caller, reading ? 'accounts.read' : 'accounts.write')
    takeToken(caller.oid, reading ? 'read' : 'write')
    c.set('caller', caller)
    await next()
  })

  const caller = (c: Context<Env>) => c.get('caller')
  const onSite = (field: string, address: string) => {
    if (new URL(address).origin !== deps.siteOrigin) throw invalid(`${field} must be an address on ${deps.siteOrigin}`)
    return address
  }
  /** The account's customer at the payment provider, created on first need (a checkout, a payment setup). */
  const ensureCustomer = async (account: { oid: string; email: string; first_name: string; last_name: string; stripe_customer_id: string | null }) => {
    if (account.stripe_customer_id) return account.stripe_customer_id
    const { customerId } = await gateway.createCustomer({ accountId: account.oid, email: account.email, name: `${account.first_name} ${account.last_name}`.trim() })
    await db.query('update accounts set stripe_customer_id = $2 where oid = $1', [account.oid, customerId])
    return customerId
  }
  const customerOf = async (oid: string) => {
    const row = await findAccountRow(db, oid)
    if (!row.stripe_customer_id) throw conflict('This account has no billing account yet: buy a license first.')
    return row.stripe_customer_id
  }

  app.post('/auth/login', async (c) => {
    const body = await readBody(c, contract.loginRequestSchema)
    const who = caller(c)
    if (body.oid !== who.oid) throw new Problem(403, 'You can only sign in as yourself.')
    return c.json(await signIn(db, { ...body, email: who.email }))
  })

  app.get('/licenses', async (c) => c.json(await licensesOf(db, caller(c))))
  app.get('/licenses/assigned', async (c) => c.json(await assignedSeats(db, caller(c).oid)))
  app.post('/licenses/assign', async (c) => c.json(await assignSeat(db, caller(c).oid, await readBody(c, contract.assignRequestSchema))))
  app.post('/licenses/unassign', async (c) => {
    const { licenseId } = await readBody(c, contract.unassignRequestSchema)
    await unassignSeat(db, caller(c).oid, licenseId)
    return c.json({ licenseId })
  })

  for (const path of ['/account/stats', '/account/stats/']) app.get(path, async (c) => c.json(await statsOf(db, caller(c).oid)))
  for (const path of ['/account', '/account/']) {
    app.get(path, async (c) => c.json(toAccount(await findAccountRow(db, caller(c).oid))))
    app.put(path, async (c) => c.json(await updateProfile(db, caller(c).oid, await readBody(c, contract.profileFieldsSchema))))
  }

  app.post('/discord/connect', async (c) => {
    const { discordName } = await readBody(c, contract.discordConnectRequestSchema)
    if (!(await holdsCommercialPlus(db, caller(c).email))) throw new Problem(403, 'Discord access comes with a Commercial Plus license.')
    await db.query('update accounts set discord_name = $2, discord_connected = true where oid = $1', [caller(c).oid, discordName])
    return c.json({ inviteLink: deps.discordInviteUrl, discordConnected: true as const })
  })

  app.post('/stripe/create-customer-portal-session', async (c) => {
    const { returnUrl } = await readBody(c, contract.portalSessionRequestSchema)
    return c.json(await gateway.createCustomerPortalSession({ customerId: await customerOf(caller(c).oid), returnUrl: onSite('returnUrl', returnUrl) }))
  })
  // Without a billing account there is no payment method yet (a Community owner about to upgrade).
  app.get('/stripe/has-default-payment-method', async (c) => {
    const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
    if (!customerId) return c.json({ hasPaymentMethod: false, card: null })
    const card = await gateway.defaultCard({ customerId })
    return c.json({ hasPaymentMethod: card !== null || (await gateway.hasDefaultPaymentMethod({ customerId })), card })
  })
  app.get('/stripe/create-setup-intent', async (c) => c.json(await gateway.createSetupIntent({ customerId: await ensureCustomer(await findAccountRow(db, caller(c).oid)) })))
  app.post('/stripe/save-default-payment-method', async (c) => {
    const { paymentMethodId } = await readBody(c, contract.savePaymentMethodRequestSchema)
    await gateway.saveDefaultPaymentMethod({ customerId: await customerOf(caller(c).oid), paymentMethodId })
    return c.json({ paymentMethodId })
  })

  app.post('/stripe/upgrade-community-subscription', async (c) => {
    const { priceId, quantity } = await readBody(c, contract.upgradeRequestSchema)
    const account = await findAccountRow(db, caller(c).oid)
    const [subscription] = await db.query<{ id: string; stripe_subscription_id: string | null }>('select id, stripe_subscription_id from subscriptions where owner_oid = $1', [account.oid])
    if (!subscription || !account.allowed_price_id) throw notFound('Your subscription')
    if (!upgradePaths[account.allowed_price_id].includes(priceId)) throw conflict(`${findPlan(account.allowed_price_id)?.name} cannot be upgraded to ${findPlan(priceId)?.name}.`)
    // Every refusal comes before the charge: nobody pays for an upgrade that does not happen.
    await checkSeatCount(db, account.oid, quantity)
    const customerId = await customerOf(account.oid)
    await gateway.upgradeSubscription({ customerId, subscriptionId: subscription.stripe_subscription_id ?? subscription.id, priceId, quantity })
    await changePlan(db, account.oid, priceId, quantity)
    return c.json({ priceId, quantity })
  })

  app.post('/stripe/create-checkout-session', async (c) => {
    const body = await readBody(c, contract.checkoutRequestSchema)
    // Refuse an address off the site before anything is stored for this checkout.
    const successUrl = onSite('successUrl', body.successUrl)
    const cancelUrl = onSite('cancelUrl', body.cancelUrl)
    const account = await findAccountRow(db, caller(c).oid)
    if (account.allowed_price_id && account.allowed_price_id !== body.priceId) throw conflict('Accounts are limited to one license type.')
    const plan = findPlan(body.priceId)!
    if (plan.maxPurchaseSeats !== undefined) {
      const { purchased } = await statsOf(db, account.oid)
      if (purchased + body.quantity > plan.maxPurchaseSeats) throw conflict(`${plan.name} is limited to ${plan.maxPurchaseSeats} licenses per account.`)
    }
    const customerId = await ensureCustomer(account)
    return c.json(
      await gateway.createCheckoutSession({
        customerId,
        accountId: account.oid,
        priceId: body.priceId,
        quantity: body.quantity,
        successUrl,
        cancelUrl,
      }),
    )
  })

  app.get('/products/:pid', async (c) => {
    const plan = plans.find((candidate) => candidate.priceId === c.req.param('pid'))
    if (!plan) throw notFound('The product')
    const { maxPurchaseSeats: limit, ...product } = plan
    const seatsAvailable = limit === undefined ? null : Math.max(0, limit - (await statsOf(db, caller(c).oid)).purchased)
    return c.json({ ...product, features: [...product.features], stripePriceId: deps.stripePriceIds?.[plan.priceId] ?? `price_local_${plan.priceId.replace('-', '_')}`, seatsAvailable })
  })

  app.notFound((c) => c.json({ message: 'There is no such API call.' }, 404))
  app.onError((error, c) => {
    if (error instanceof Problem) return c.json({ message: error.message }, error.status, error.headers)
    // The payment provider refused (a declined card, no card on file, an unknown payment method).
    if (error instanceof PaymentDeclinedError) return c.json({ message: error.message }, 402)
    // A value the database cannot hold that the contract let through is still the client's fault.
    if (isUnstorableText(error)) return c.json({ message: 'The request holds characters that cannot be stored.' }, 400)
    console.error('Accounts API error', error)
    return c.json({ message: 'The server could not complete the request.' }, 500)
  })
  return app
}

/** PostgreSQL's 'invalid byte sequence' and 'untranslatable character' errors. */
function isUnstorableText(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return code === '22021' || code === '22P05'
}
