import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Hono, type Context } from 'hono'
import Stripe from 'stripe'
import * as v from 'valibot'
import * as contract from '../../common/contract'
import { findPlan, planLadder, plans, upgradePaths } from '../../common/plans'
import { activityPage } from '../licensing/activity/activity-page'
import type { Database } from '../db/database'
import { createFeedAuthorizer } from '../feed/authorize'
import { noteCaller, requestIdOf } from '../http/request-log'
import { log } from '../log'
import { PaymentDeclinedError, type StripeGateway } from '../payments/gateway'
import type { PriceCatalogue } from '../payments/stripe-settings'
import { createWebhookHandler, maxEventBytes } from '../payments/webhook'
import { findAccountRow, signIn, toAccount, updateProfile } from '../licensing/account-store'
import { regenerateKey } from '../licensing/key-rotation'
import { assignSeat, assignedSeats, checkSeatCount, holdsCommercialPlus, licensesOf, statsOf, tooFewSeats, unassignSeat } from '../licensing/license-store'
import { conflict, invalid, notFound, Problem } from './problems'
import { createRateLimiter, defaultRateLimits, type RateLimits } from './rate-limit'
import { describeIssues, isUnparsableJson, jsonBody, limitBody, maxBodyBytes, noBody, unparsableJson } from './json-body'
import { applySubscription, liveSubscriptionsOf, spreadSeats, subscriptionState } from '../licensing/subscription-store'
import { requireScope, TenantUnavailableError, type Caller } from './token-verifier'

export interface AccountsAppDeps {
  db: Database
  /** Stripe's SDK (Stripe itself, or the local sandbox's Stripe-compatible API). */
  stripe: Stripe
  gateway: StripeGateway
  prices: PriceCatalogue
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string
  verifyToken: (authorization: string | undefined) => Promise<Caller>
  /** The site's origin: return addresses must stay on it (no open redirects). */
  siteOrigin: string
  discordInviteUrl: string
  rateLimits?: RateLimits
}

/** The Node request behind a Hono request, when a Node server serves it (not in `app.request()` tests). */
type Env = { Variables: { caller: Caller }; Bindings: { incoming?: IncomingMessage } }

/** The accounts API (spec section 7) under /api. */
export function createAccountsApp(deps: AccountsAppDeps): Hono<Env> {
  const { db, gateway } = deps
  const app = new Hono<Env>().basePath('/api')
  const takeToken = createRateLimiter(db, deps.rateLimits ?? defaultRateLimits)

  // Stripe signs its events; no bearer token comes with them (so this route comes before the check).
  app.post('/stripe/webhook', limitBody(maxEventBytes, 'The event is too large.'), createWebhookHandler({ db, stripe: deps.stripe, gateway, prices: deps.prices, webhookSecret: deps.webhookSecret }))
  // A package feed's proxy asks with the seat holder's Basic credentials, never a bearer token (server/feed).
  app.get('/feed/authorize', createFeedAuthorizer({ db, limits: deps.rateLimits?.feedFailures }))

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    const caller = await deps.verifyToken(c.req.header('authorization'))
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    requireScope(caller, reading ? 'accounts.read' : 'accounts.write')
    await takeToken(caller.oid, reading ? 'read' : 'write')
    c.set('caller', caller)
    if (c.env?.incoming) noteCaller(c.env.incoming, caller.oid)
    await next()
  })
  app.use('*', limitBody(maxBodyBytes, 'The request body is too large.'))

  const caller = (c: Context<Env>) => c.get('caller')
  const onSite = (field: string, address: string) => {
    if (new URL(address).origin !== deps.siteOrigin) throw invalid(`${field} must be an address on ${deps.siteOrigin}`)
    return address
  }
  /**
   * The key of a write to Stripe, derived from the request that caused it: the client's
   * Idempotency-Key when it sends one, else the request's own content, so a retried request
   * repeats the first one's answer instead of making a second object or charge.
   */
  const idempotencyKey = (c: Context<Env>, operation: string, content: unknown, part?: string) => {
    const sent = c.req.header('idempotency-key')
    const request = sent && /^[\w-]{8,128}$/.test(sent) ? sent : createHash('sha256').update(JSON.stringify(content)).digest('base64url')
    // A request that writes several objects (an upgrade of each subscription) needs a key for each.
    return `${operation}:${caller(c).oid}:${request}${part ? `:${part}` : ''}`
  }
  /** The account's customer at Stripe, created on first need (a checkout, a payment setup); never two for one account. */
  const ensureCustomer = async (account: { oid: string; email: string; first_name: string; last_name: string; stripe_customer_id: string | null }) => {
    if (account.stripe_customer_id) return account.stripe_customer_id
    const customerId = await gateway.findOrCreateCustomer({ oid: account.oid, email: account.email, name: `${account.first_name} ${account.last_name}`.trim() })
    const [row] = await db.query<{ stripe_customer_id: string }>('update accounts set stripe_customer_id = coalesce(stripe_customer_id, $2) where oid = $1 returning stripe_customer_id', [
      account.oid,
      customerId,
    ])
    return row?.stripe_customer_id ?? customerId
  }
  const customerOfRow = (row: { stripe_customer_id: string | null }) => {
    if (!row.stripe_customer_id) throw conflict('This account has no billing account yet: buy a license first.')
    return row.stripe_customer_id
  }
  const customerOf = async (oid: string) => customerOfRow(await findAccountRow(db, oid))

  app.post('/auth/login', jsonBody(contract.loginRequestSchema), async (c) => {
    const body = c.req.valid('json')
    const who = caller(c)
    if (body.oid !== who.oid) throw new Problem(403, 'You can only sign in as yourself.')
    return c.json(await signIn(db, { ...body, email: who.email }))
  })

  app.get('/licenses', async (c) => c.json(await licensesOf(db, caller(c))))
  app.get('/licenses/assigned', async (c) => c.json(await assignedSeats(db, caller(c).oid)))
  app.post('/licenses/assign', jsonBody(contract.assignRequestSchema), async (c) => c.json(await assignSeat(db, caller(c).oid, c.req.valid('json'))))
  app.post('/licenses/unassign', jsonBody(contract.unassignRequestSchema), async (c) => {
    const { licenseId } = c.req.valid('json')
    await unassignSeat(db, caller(c).oid, licenseId)
    return c.json({ licenseId })
  })

  app.post('/licenses/:licenseId/regenerate-key', noBody, async (c) => {
    const licenseId = v.safeParse(contract.unassignRequestSchema.entries.licenseId, c.req.param('licenseId'))
    if (!licenseId.success) throw invalid(describeIssues(licenseId.issues))
    return c.json(await regenerateKey(db, caller(c), licenseId.output))
  })
  app.get('/account/activity', async (c) => {
    const query = v.safeParse(contract.activityQuerySchema, c.req.query())
    if (!query.success) throw new Problem(400, describeIssues(query.issues))
    return c.json(await activityPage(db, caller(c).oid, query.output))
  })

  for (const path of ['/account/stats', '/account/stats/']) app.get(path, async (c) => c.json(await statsOf(db, caller(c).oid)))
  for (const path of ['/account', '/account/']) {
    app.get(path, async (c) => c.json(toAccount(await findAccountRow(db, caller(c).oid))))
    app.put(path, jsonBody(contract.profileFieldsSchema), async (c) => c.json(await updateProfile(db, caller(c).oid, c.req.valid('json'))))
  }

  app.post('/discord/connect', jsonBody(contract.discordConnectRequestSchema), async (c) => {
    const { discordName } = c.req.valid('json')
    if (!(await holdsCommercialPlus(db, caller(c).email))) throw new Problem(403, 'Discord access comes with a Commercial Plus license.')
    const [connected] = await db.query('update accounts set discord_name = $2, discord_connected = true where oid = $1 returning oid', [caller(c).oid, discordName])
    if (!connected) throw notFound('The account')
    return c.json({ inviteLink: deps.discordInviteUrl, discordConnected: true as const })
  })

  app.post('/stripe/create-customer-portal-session', jsonBody(contract.portalSessionRequestSchema), async (c) => {
    const { returnUrl } = c.req.valid('json')
    const customerId = await customerOf(caller(c).oid)
    return c.json(
      await gateway.createPortalSession({ customerId, returnUrl: onSite('returnUrl', returnUrl), idempotencyKey: idempotencyKey(c, 'portal', { returnUrl, minute: Math.floor(Date.now() / 60_000) }) }),
    )
  })
  // Without a billing account there is no payment method yet (a Community owner about to upgrade).
  app.get('/stripe/has-default-payment-method', async (c) => {
    const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
    if (!customerId) return c.json({ hasPaymentMethod: false, card: null })
    const card = await gateway.defaultCard(customerId)
    return c.json({ hasPaymentMethod: card !== null, card })
  })
  app.get('/stripe/create-setup-intent', async (c) => {
    const customerId = await ensureCustomer(await findAccountRow(db, caller(c).oid))
    // A new form each time the payment step opens, unless the client repeats its request key.
    return c.json(await gateway.createSetupIntent({ customerId, idempotencyKey: idempotencyKey(c, 'setup-intent', { customerId, at: Date.now() }) }))
  })
  app.post('/stripe/save-default-payment-method', jsonBody(contract.savePaymentMethodRequestSchema), async (c) => {
    const { paymentMethodId } = c.req.valid('json')
    await gateway.saveDefaultPaymentMethod({ customerId: await customerOf(caller(c).oid), paymentMethodId, idempotencyKey: idempotencyKey(c, 'default-payment-method', { paymentMethodId }) })
    return c.json({ paymentMethodId })
  })

  /**
   * The upgrade's plan: the subscriptions to change and each one's seats, after every refusal that
   * comes before a charge. It starts from the lowest plan among the live subscriptions, and leaves
   * out those already on the new plan with their seats: when a card is refused part-way through an
   * upgrade of several subscriptions, trying again finishes it.
   */
  const planUpgrade = async (oid: string, request: contract.UpgradeRequest) => {
    const account = await findAccountRow(db, oid)
    const subscriptions = await liveSubscriptionsOf(db, oid)
    if (subscriptions.length === 0) throw notFound('Your subscription')
    const from = planLadder.find((priceId) => subscriptions.some((subscription) => subscription.price_id === priceId))!
    if (!upgradePaths[from].includes(request.priceId)) throw conflict(`${findPlan(from)?.name} cannot be upgraded to ${findPlan(request.priceId)?.name}.`)
    await checkSeatCount(db, oid, request.quantity)
    const seats = spreadSeats(subscriptions, request.quantity)
    if (!seats) throw tooFewSeats(Math.max(subscriptions.length, ...subscriptions.map((subscription) => subscription.assigned)))
    const changes = subscriptions
      .map((subscription, index) => ({ subscription, quantity: seats[index]! }))
      .filter(({ subscription, quantity }) => subscription.price_id !== request.priceId || subscription.quantity !== quantity)
    return { customerId: customerOfRow(account), refusals: account.upgrade_refusals, changes }
  }

  app.get('/stripe/upgrade-preview', async (c) => {
    const query = v.safeParse(contract.upgradePreviewQuerySchema, c.req.query())
    if (!query.success) throw invalid(describeIssues(query.issues))
    const { customerId, changes } = await planUpgrade(caller(c).oid, query.output)
    const previews = await Promise.all(
      changes.map(({ subscription, quantity }) => gateway.previewChange({ customerId, subscriptionId: subscription.stripe_subscription_id, priceId: query.output.priceId, quantity })),
    )
    const renewsOn = previews.map((preview) => preview.currentPeriodEnd).sort((a, b) => a.getTime() - b.getTime())[0]!
    return c.json({
      amountDue: previews.reduce((sum, preview) => sum + preview.amountDue, 0),
      annualTotal: findPlan(query.output.priceId)!.price * query.output.quantity,
      renewsOn: renewsOn.toISOString(),
    })
  })

  app.post('/stripe/upgrade-community-subscription', jsonBody(contract.upgradeRequestSchema), async (c) => {
    const request = c.req.valid('json')
    const oid = caller(c).oid
    const { customerId, refusals, changes } = await planUpgrade(oid, request)
    if (findPlan(request.priceId)!.price > 0 && !(await gateway.defaultCard(customerId))) throw new PaymentDeclinedError('There is no payment method on file to charge.', 'payment_method_missing')
    for (const { subscription, quantity } of changes) {
      // The key names the change, the state it starts from and the attempt: the same request again
      // is the same charge, and after a refusal (which Stripe replays for as long as its key lives,
      // a day) the customer's next attempt, with another card or the same one, is charged anew.
      const content = { subscription: subscription.stripe_subscription_id, from: [subscription.price_id, subscription.quantity], to: [request.priceId, quantity], attempt: refusals }
      const key = idempotencyKey(c, 'upgrade', content, subscription.stripe_subscription_id)
      const changed = await gateway
        .changeSubscription({ subscriptionId: subscription.stripe_subscription_id, priceId: request.priceId, quantity, idempotencyKey: key })
        .catch(async (error: unknown) => {
          if (error instanceof PaymentDeclinedError) await db.query('update accounts set upgrade_refusals = upgrade_refusals + 1 where oid = $1', [oid])
          throw error
        })
      // Stripe's answer is applied at once (the webhook that follows finds it done), so a refresh
      // shows the new plan. Undated: this instance's clock is not Stripe's, and an event it
      // dated too late would be dropped as stale; the upgrade's own events put things right if an
      // older event's handler writes over it.
      const state = subscriptionState(changed, deps.prices)
      if (state) await db.transaction((tx) => applySubscription(tx, state))
    }
    return c.json(request)
  })

  app.get('/stripe/checkout-sessions/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId')
    const { stripe_customer_id: customerId } = await findAccountRow(db, caller(c).oid)
    const session = /^cs_\w{1,200}$/.test(sessionId) && customerId ? await gateway.checkoutSession(sessionId) : null
    if (!session || session.customerId !== customerId) throw notFound('The checkout')
    if (session.status !== 'complete' || session.paymentStatus === 'unpaid') return c.json({ status: 'open' as const })
    const [fulfilled] = session.subscriptionId ? await db.query('select 1 from subscriptions where stripe_subscription_id = $1', [session.subscriptionId]) : []
    return c.json({ status: fulfilled ? ('fulfilled' as const) : ('processing' as const) })
  })

  app.post('/stripe/create-checkout-session', jsonBody(contract.checkoutRequestSchema), async (c) => {
    const body = c.req.valid('json')
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
    // The same order again (a retry, a second click) gets the same session while the seats owned are unchanged.
    const owned = await liveSubscriptionsOf(db, account.oid)
    const key = idempotencyKey(c, 'checkout', { body, owned: owned.map((subscription) => [subscription.id, subscription.quantity]) })
    const order = { customerId, accountOid: account.oid, priceId: body.priceId, quantity: body.quantity, successUrl, cancelUrl }
    let checkout = await gateway.createCheckoutSession({ ...order, idempotencyKey: key })
    // Stripe replays the session the key first made, though another order may have expired it
    // since (below): then the order gets a new one, keyed after the expired one.
    while ((await gateway.checkoutSession(checkout.sessionId))?.status === 'expired') checkout = await gateway.createCheckoutSession({ ...order, idempotencyKey: `${key}:after:${checkout.sessionId}` })
    // The rules above hold for open checkouts too: only the newest stays open.
    await gateway.expireOtherCheckouts({ customerId, keep: checkout.sessionId })
    return c.json(checkout)
  })

  app.get('/products/:pid', async (c) => {
    const plan = plans.find((candidate) => candidate.priceId === c.req.param('pid'))
    if (!plan) throw notFound('The product')
    const { maxPurchaseSeats: limit, ...product } = plan
    const seatsAvailable = limit === undefined ? null : Math.max(0, limit - (await statsOf(db, caller(c).oid)).purchased)
    return c.json({ ...product, features: [...product.features], stripePriceId: deps.prices.stripePriceOf(plan.priceId), seatsAvailable })
  })

  app.notFound((c) => c.json({ message: 'There is no such API call.' }, 404))
  app.onError((error, c) => {
    if (error instanceof Problem) return c.json({ message: error.message }, error.status, error.headers)
    if (isUnparsableJson(error)) return c.json({ message: unparsableJson }, 400)
    // The tenant's keys could not be fetched: nobody's sign-in can be checked for now.
    if (error instanceof TenantUnavailableError) {
      log.warn({ err: { message: error.message, cause: String(error.cause) } }, 'tenant unavailable')
      return c.json({ message: error.message }, 503, error.headers)
    }
    // The payment provider refused (a declined card, no card on file, an unknown payment method).
    if (error instanceof PaymentDeclinedError) return c.json({ message: error.message }, 402)
    // A value the database cannot hold that the contract let through is still the client's fault.
    if (isUnstorableText(error)) return c.json({ message: 'The request holds characters that cannot be stored.' }, 400)
    // The request id names the log line of the failure, for support.
    const requestId = c.env?.incoming ? requestIdOf(c.env.incoming) : undefined
    // The client's Idempotency-Key was already used for a request with other details.
    if (error instanceof Stripe.errors.StripeIdempotencyError) return c.json({ message: 'This Idempotency-Key was already used for a different request.' }, 409)
    // Stripe could not be reached or was busy (the SDK has already retried): try again later.
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
      log.error({ requestId, err: { type: error.type, message: error.message } }, 'payment provider unavailable')
      return c.json({ message: 'The payment provider could not be reached. Please try again in a moment.', requestId }, 503)
    }
    log.error({ requestId, err: error }, 'accounts API error')
    return c.json({ message: 'The server could not complete the request.', requestId }, 500)
  })
  return app
}

/** PostgreSQL's 'invalid byte sequence' and 'untranslatable character' errors. */
function isUnstorableText(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return code === '22021' || code === '22P05'
}
