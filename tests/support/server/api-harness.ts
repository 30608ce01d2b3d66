import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import Stripe from 'stripe'
import { checkoutReturnAddresses } from '@/common/checkout-return'
import { createAccountsApp } from '@/server/api/app'
import { createCatalog } from '@/server/feed/catalog'
import type { RateLimits } from '@/server/api/rate-limit'
import { createFeedUsage } from '@/server/feed/feed-usage'
import { createStandings } from '@/server/organisations/standing'
import { createLicenseKeyring, newSigningKeySetting } from '@/server/licensing/license-signing-keys'
import { createTokenVerifier } from '@/server/api/token-verifier'
import type { Database } from '@/server/db/database'
import { migrate } from '@/server/db/migrations'
import { resetDatabase, sandboxPrices } from '@/server/local/seed'
import { demoPeople } from '@/server/local/demo-accounts'
import { createStripeGateway } from '@/server/payments/gateway'
import { createSandbox } from '@/server/local/sandbox'
import { createStripeClient } from '@/server/payments/stripe-client'
import { createStripeSlots, type StripeSlots } from '@/server/payments/stripe-slots'
import { priceCatalogue } from '@/server/payments/stripe-settings'
import { stripeRecorder } from './stripe-openapi/recorder'
import { countingDatabase } from './counting-database'
import { heldAnswers } from './held-answers'
import { startFakeTenant, type FakeTenant } from './fake-tenant'

export const origin = 'https://localhost:5173'
/** Where a checkout made in the API tests returns: Manage Licenses, as the SPA asks for more seats. */
export const backToLicenses = checkoutReturnAddresses(`${origin}/account/licenses`)
/** The tenant whose tokens the API verifies: its discovery document and keys on a local server, one per worker. */
let sharedTenant: Promise<FakeTenant> | undefined
const tenant = () => (sharedTenant ??= startFakeTenant({ audience: 'prism-accounts-api' }))

export const person = (email: string) => demoPeople.find((candidate) => candidate.email === email)!

/** The local stack's Stripe settings (.env.localstack). */
export const stripeSettings = {
  secretKey: 'sk_test_sandbox_local',
  publishableKey: 'pk_test_sandbox_local',
  webhookSecret: 'whsec_sandbox_local',
  prices: priceCatalogue({ STRIPE_PRICE_COMMUNITY: 'price_local_community', STRIPE_PRICE_COMMERCIAL: 'price_local_commercial', STRIPE_PRICE_COMMERCIAL_PLUS: 'price_local_commercial_plus' }),
}
/** A price the sandbox still sells that the portal's configuration no longer names (last year's Commercial). */
export const legacyPrice = { id: 'price_local_commercial_2025', productName: 'Prism Commercial (2025)', unitAmount: 24900 }
/** Signs events as Stripe does (the SDK's test helper), for deliveries made by hand. */
const signer = new Stripe(stripeSettings.secretKey)

/**
 * A seeded database behind the API and the payment sandbox, both served on one real HTTP port as
 * the local stack serves them: the API's Stripe SDK calls the sandbox's /v1, and the sandbox
 * delivers its signed webhooks to the API. Keys mint tokens as any demo person.
 */
export async function startApi(
  open: () => Promise<Database>,
  rateLimits: RateLimits = { readsPerSecond: 10_000, writesPerSecond: 10_000, burst: 10_000, stripe: { perSecond: 10_000, burst: 10_000 } },
  stripeSlots: StripeSlots = createStripeSlots(),
) {
  const db = await open()
  // The API's own handle counts its statements (the sandbox's are the stand-in's, not the API's).
  const apiDb = countingDatabase(db)
  await migrate(db)
  await resetDatabase(db, stripeSettings.prices)
  let handle: (request: Request) => Response | Promise<Response> = () => new Response('starting', { status: 503 })
  const server = serve({ fetch: (request) => handle(request), port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const stripeOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const stripe = createStripeClient({ secretKey: stripeSettings.secretKey, apiBase: stripeOrigin })
  const sandbox = createSandbox({
    db,
    origin: stripeOrigin,
    secretKey: stripeSettings.secretKey,
    publishableKey: stripeSettings.publishableKey,
    prices: [...sandboxPrices(stripeSettings.prices), legacyPrice],
    webhook: { url: `${stripeOrigin}/api/stripe/webhook`, secret: stripeSettings.webhookSecret },
    retry: { baseDelayMs: 20, maxAttempts: 5 },
  })
  const idp = await tenant()
  const stranger = await idp.unpublishedKey()
  const feedUsage = createFeedUsage(apiDb.db)
  // The feed's releases do not change while a test file runs: read once now, so that no call's count of statements includes its read.
  const catalog = createCatalog(db, { maxAgeMs: Infinity })
  await catalog.get()
  // The app's memory of standings, as it makes its own: held here so that a test can have it read afresh.
  const standings = createStandings(apiDb.db)
  const deps = {
    db: apiDb.db,
    standings,
    feedUsage,
    catalog,
    gateway: createStripeGateway(stripe, stripeSettings.prices, stripeSettings.webhookSecret, stripeSlots),
    prices: stripeSettings.prices,
    verifyToken: createTokenVerifier({ metadataUrl: idp.metadataUrl, issuer: idp.issuer, audience: idp.audience, emailClaim: 'emails', policies: ['b2c_1_susi'], tenantVerifiesEveryEmail: false }),
    siteOrigin: origin,
    discordInviteUrl: 'https://discord.gg/prism-test',
    rateLimits,
    // License files are signed with this one key; the tests read its published half.
    licenseKeyring: createLicenseKeyring([newSigningKeySetting(new Date(0))]),
  }
  const app = createAccountsApp(deps)

  /**
   * A token as the tenant mints it for the person (a demo person's oid, else `oid-<email>`), its email
   * verified as the local provider's are; `claims` adds to it or replaces (`email_verified: undefined` leaves it out).
   */
  async function token(email: string, options: { scp?: string; expiresIn?: string; issuer?: string; audience?: string; key?: 'stranger'; oid?: string; claims?: Record<string, unknown> } = {}) {
    const who = demoPeople.find((candidate) => candidate.email === email)
    const oid = options.oid ?? who?.oid ?? `oid-${email}`
    return idp.mint(
      { scp: options.scp ?? 'accounts.read accounts.write', oid, sub: oid, emails: [email], email_verified: true, ...options.claims },
      { issuer: options.issuer, audience: options.audience, expiresIn: options.expiresIn, ...(options.key === 'stranger' ? { key: stranger.privateKey } : {}) },
    )
  }

  async function call(email: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return callWith(email ? await token(email) : null, method, path, body, headers)
  }

  /** A call with the given bearer token (null: none). */
  const callWith = (bearer: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => callOn(app, bearer, method, path, body, headers)

  /**
   * Another instance of the API on the same database, with a memory of its own: it hears none of the
   * first one's changes of memberships, as an instance whose notifications are lost.
   */
  function anotherInstance() {
    const other = createAccountsApp({ ...deps, standings: createStandings(apiDb.db) })
    return { call: async (email: string, method: string, path: string, body?: unknown) => callOn(other, await token(email), method, path, body) }
  }

  async function callOn(target: typeof app, bearer: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await target.request(`/api${path}`, {
      method,
      headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    // JSON as the API answers it; another type (a CSV download) as its text.
    const json = /^application\/json/.test(response.headers.get('content-type') ?? '')
    return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : undefined, headers: response.headers }
  }

  /** Every webhook delivery the API received, raw, in order; and a way to make the next ones fail. */
  const deliveries: string[] = []
  const webhookFaults = { failNext: 0 }
  let webhooksHeld: Promise<void> | null = null
  /** Holds the sandbox's webhook deliveries back until the answer is called: work counted meanwhile is the request's own. */
  function holdWebhooks() {
    let release = () => {}
    webhooksHeld = new Promise((resolve) => (release = resolve))
    return async () => {
      webhooksHeld = null
      release()
      await sandbox.webhooks.drain()
    }
  }
  const held = heldAnswers()
  /** While set, Stripe answers every request with this error (400: a parameter it refuses; 429: its rate limit; 500: its own failure), or this long after it was asked (ms). */
  const stripeFault: { status: 400 | 429 | 500 | null; delayMs?: number } = { status: null }
  /** Every request the portal made of Stripe, as `GET /v1/…`, in order. */
  const stripeAsked: string[] = []
  handle = async (request) => {
    const path = new URL(request.url).pathname
    if (path.startsWith('/v1/')) stripeAsked.push(`${request.method} ${path}`)
    if (stripeFault.delayMs && path.startsWith('/v1/')) await new Promise((resolve) => setTimeout(resolve, stripeFault.delayMs))
    if (stripeFault.status && path.startsWith('/v1/')) return stripeError(stripeFault.status)
    if (path === '/api/stripe/webhook') {
      await webhooksHeld
      deliveries.push(await request.clone().text())
      if (webhookFaults.failNext > 0) {
        webhookFaults.failNext--
        return new Response('{"message":"down for the test"}', { status: 503 })
      }
    }
    return path.startsWith('/api/') ? app.fetch(request) : held.pass(request, (passed) => recorder.fetch(passed))
  }
  // The gateway's every request to the sandbox and its answer, checked against Stripe's API description.
  const recorder = stripeRecorder((request) => sandbox.app.fetch(request))

  /** Pays a checkout on the sandbox's hosted page, as a customer would, then waits for its webhooks to be handled. */
  async function pay(sessionId: string, card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Test Buyer' }) {
    const answer = await fetch(`${stripeOrigin}/sandbox/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ country: 'US', ...card }) })
    await answer.body?.cancel()
    await sandbox.webhooks.drain()
    return answer.status
  }

  /**
   * Puts a card on file for a person as the portal's payment step does: a setup intent from the
   * API, confirmed with the card in the browser's Stripe.js (the publishable key), then saved as the
   * default payment method. Returns the payment method's id.
   */
  async function saveCard(email: string, number: string) {
    const { clientSecret } = (await call(email, 'GET', '/stripe/create-setup-intent')).body as { clientSecret: string }
    const browser = createStripeClient({ secretKey: stripeSettings.publishableKey, apiBase: stripeOrigin })
    const confirmed = await browser.setupIntents.confirm(clientSecret.split('_secret_')[0]!, {
      client_secret: clientSecret,
      payment_method_data: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
    } as Stripe.SetupIntentConfirmParams)
    const saved = await call(email, 'POST', '/stripe/save-default-payment-method', { paymentMethodId: String(confirmed.payment_method) })
    if (saved.status !== 200) throw new Error(`The card was not saved: ${saved.status} ${JSON.stringify(saved.body)}`)
    return String(confirmed.payment_method)
  }

  /** Posts a raw event to the webhook endpoint, signed as Stripe signs it (or with the given secret, time or signature). */
  function deliver(payload: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
    const signature =
      options.signature === undefined
        ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? stripeSettings.webhookSecret, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) })
        : options.signature
    return app.request('/api/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'Stripe-Signature': signature }) }, body: payload })
  }

  async function close() {
    sandbox.webhooks.stop()
    await new Promise((resolve) => server.close(resolve))
    await feedUsage.stop()
    await db.close()
    recorder.assertAgreed()
  }

  return {
    db,
    apiDb,
    standings,
    app,
    gateway: deps.gateway,
    /** A gateway of another instance: slots of its own, on the same Stripe. */
    anotherGateway: () => createStripeGateway(stripe, stripeSettings.prices, stripeSettings.webhookSecret, createStripeSlots()),
    licenseKeyring: deps.licenseKeyring,
    feedUsage,
    stripe,
    stripeSlots,
    sandbox,
    stripeOrigin,
    deliveries,
    webhookFaults,
    stripeFault,
    stripeAsked,
    holdWebhooks,
    holdStripeAnswer: held.hold,
    token,
    call,
    callWith,
    anotherInstance,
    pay,
    saveCard,
    deliver,
    close,
  }
}

export type Api = Awaited<ReturnType<typeof startApi>>

/** An error as Stripe answers it: its rate limit, or its own failure. */
function stripeError(status: 400 | 429 | 500) {
  const error =
    status === 429
      ? { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' }
      : status === 400
        ? { type: 'invalid_request_error', code: 'parameter_invalid', param: 'line_items[0][quantity]', message: 'Invalid integer: 9999999999999' }
        : { type: 'api_error', message: 'An unknown error occurred.' }
  return Response.json({ error }, { status })
}
