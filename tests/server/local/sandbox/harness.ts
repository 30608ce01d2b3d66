import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import Stripe from 'stripe'
import { afterAll, beforeAll, expect } from 'vitest'
import { type Database } from '@/server/db/database'
import { openPostgres } from '@/server/db/postgres'
import { migrate } from '@/server/db/migrations'
import { createSandbox, type SandboxOptions, type SandboxPrice } from '@/server/local/sandbox/index'
import { migrateSandbox } from '@/server/local/sandbox/schema'
import { openMigratedPglite } from '@/tests/support/server/migrated-pglite'
import { stripeRecorder } from '@/tests/support/server/stripe-openapi/recorder'

/** The databases the sandbox runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: { name: string; open: () => Promise<Database> }[] = [
  { name: 'PGlite', open: openMigratedPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: () => openPostgres(process.env.TEST_DATABASE_URL!, { schema: `sandbox_${Date.now()}_${Math.random().toString(36).slice(2, 8)}` }) }]
    : []),
]

export const secretKey = 'sk_test_sandbox_local'
export const publishableKey = 'pk_test_sandbox_local'
export const webhookSecret = 'whsec_sandbox_test'
export const webhookUrl = 'http://localhost:9/api/stripe/webhook'

export const prices: SandboxPrice[] = [
  { id: 'community', productName: 'Community', unitAmount: 0 },
  { id: 'commercial', productName: 'Commercial', unitAmount: 29_900 },
  { id: 'commercial-plus', productName: 'Commercial Plus', unitAmount: 49_900 },
]

export interface Delivery {
  url: string
  body: string
  headers: Record<string, string>
}

/** A sandbox on a real HTTP server (ephemeral port) over a migrated database, with the official SDK pointed at it. */
export async function startSandbox(open: () => Promise<Database>, options: { db?: Database; deliver?: SandboxOptions['deliver']; retry?: SandboxOptions['retry'] } = {}) {
  const db = options.db ?? (await open())
  if (!options.db) {
    await migrate(db)
    await migrateSandbox(db)
  }
  const deliveries: Delivery[] = []
  const holder: { sandbox?: ReturnType<typeof createSandbox> } = {}
  // Every /v1 exchange is checked against Stripe's API description; close() fails on a disagreement.
  const recorder = stripeRecorder((request) => holder.sandbox!.app.fetch(request))
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: recorder.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  const port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  const sandbox = createSandbox({
    db,
    origin,
    secretKey,
    publishableKey,
    prices,
    webhook: { url: webhookUrl, secret: webhookSecret },
    deliver:
      options.deliver ??
      (async (url, request) => {
        recorder.checkDelivery(request.body)
        deliveries.push({ url, ...request })
        return { status: 200 }
      }),
    retry: options.retry ?? { baseDelayMs: 20, maxAttempts: 4 },
  })
  holder.sandbox = sandbox
  const stripe = new Stripe(secretKey, { apiVersion: '2026-10-28.endive', host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })
  const client = (key: string, maxNetworkRetries = 0) => new Stripe(key, { apiVersion: '2026-10-28.endive', host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries })

  /** The events delivered so far, parsed (after draining the queue). */
  async function delivered(): Promise<Stripe.Event[]> {
    await sandbox.webhooks.drain()
    return deliveries.map((delivery) => JSON.parse(delivery.body) as Stripe.Event)
  }

  /** Posts a hosted page's form, as a browser would (no redirect following). */
  async function submit(path: string, fields: Record<string, string> = {}) {
    return fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' })
  }

  async function close(keepDb = false) {
    sandbox.webhooks.stop()
    await sandbox.webhooks.drain()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    if (!keepDb) await db.close()
    recorder.assertAgreed()
  }

  return { db, origin, port, stripe, client, sandbox, deliveries, delivered, submit, close, recorder }
}

export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>

/** A sandbox for the describe block that calls it: started before its tests, closed (its Stripe exchanges checked) after them. */
export function useSandbox(open: () => Promise<Database>): () => TestSandbox {
  let t: TestSandbox | undefined
  beforeAll(async () => {
    t = await startSandbox(open)
  })
  afterAll(() => t?.close())
  return () => t!
}

/** The Stripe error a call is refused with (it fails the test when the call succeeds). */
export async function refusal(work: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(Stripe.errors.StripeError)
  return error as Stripe.errors.StripeError
}

export const goodCard = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Cara Commercial' }

/** A customer (on a test clock when frozenTime is given) and a paid checkout of a plan with a card. */
export async function subscribe(t: TestSandbox, input: { priceId?: string; quantity?: number; card?: string; frozenTime?: number; email?: string } = {}) {
  const clock = input.frozenTime ? await t.stripe.testHelpers.testClocks.create({ frozen_time: input.frozenTime, name: 'test' }) : null
  const customer = await t.stripe.customers.create({
    email: input.email ?? `buyer${Math.random().toString(36).slice(2, 8)}@example.com`,
    name: 'Bea Buyer',
    metadata: { accountOid: 'oid-1' },
    ...(clock ? { test_clock: clock.id } : {}),
  })
  const session = await t.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'oid-1',
    line_items: [{ price: input.priceId ?? 'commercial', quantity: input.quantity ?? 2 }],
    success_url: 'https://localhost:5173/account/licenses?success=true&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://localhost:5173/account/licenses?success=false',
    metadata: { accountOid: 'oid-1' },
    subscription_data: { metadata: { accountOid: 'oid-1' } },
    payment_method_collection: 'if_required',
  })
  const paid = await t.submit(new URL(session.url!).pathname + '/pay', { ...goodCard, number: input.card ?? goodCard.number })
  const completed = await t.stripe.checkout.sessions.retrieve(session.id)
  const subscription = completed.subscription ? await t.stripe.subscriptions.retrieve(String(completed.subscription)) : null
  return { clock, customer, session: completed, subscription, paid }
}

/** A card saved with a setup intent (as the SPA's Stripe.js does), returned as its payment method id. */
export async function saveCard(t: TestSandbox, customer: string, number: string) {
  const intent = await t.stripe.setupIntents.create({ customer, usage: 'off_session', allowed_payment_method_types: ['card'] })
  const confirmed = await t.client(publishableKey).setupIntents.confirm(intent.id, {
    client_secret: intent.client_secret!,
    payment_method_data: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
  } as Stripe.SetupIntentConfirmParams)
  return String(confirmed.payment_method)
}
