import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import Stripe from 'stripe'
import { databases, startSandbox, subscribe, webhookSecret, webhookUrl, type TestSandbox } from './harness'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const verifier = new Stripe('sk_test_unused', { apiVersion: '2026-10-28.endive' })

describe.each(databases)('webhooks from the sandbox on $name', ({ open }) => {
  const running: TestSandbox[] = []
  const start = async (...args: Parameters<typeof startSandbox>) => {
    const t = await startSandbox(...args)
    running.push(t)
    return t
  }
  afterEach(async () => {
    for (const t of running.splice(0)) await t.close().catch(() => undefined)
  })

  it('signs each event as Stripe does, verified by stripe.webhooks.constructEvent', async () => {
    const t = await start(open)
    const customer = await t.stripe.customers.create({ email: 'hook@example.com' }, { idempotencyKey: 'hook-key-1' })
    await t.sandbox.webhooks.drain()
    expect(t.deliveries).toHaveLength(1)
    const [delivery] = t.deliveries
    expect(delivery!.url).toBe(webhookUrl)
    expect(delivery!.headers['Content-Type']).toBe('application/json; charset=utf-8')
    expect(delivery!.headers['Stripe-Signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    const event = verifier.webhooks.constructEvent(delivery!.body, delivery!.headers['Stripe-Signature']!, webhookSecret)
    expect(event).toMatchObject({
      object: 'event',
      type: 'customer.created',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      data: { object: { id: customer.id, email: 'hook@example.com' } },
    })
    expect(event.id).toMatch(/^evt_/)
    expect(event.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: 'hook-key-1' })
    expect(await t.stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: 'customer.created', pending_webhooks: 0 })
    expect(() => verifier.webhooks.constructEvent(delivery!.body, delivery!.headers['Stripe-Signature']!, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError)
    expect(() => verifier.webhooks.constructEvent(delivery!.body.replace('hook@', 'evil@'), delivery!.headers['Stripe-Signature']!, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  it('delivers after the request, in the order recorded: the checkout redirect never waits', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const bodies: string[] = []
    const t = await start(open, {
      deliver: async (_url, request) => {
        await gate
        bodies.push(request.body)
        return { status: 200 }
      },
    })
    const { paid, subscription } = await subscribe(t, { quantity: 1 })
    expect(paid.status).toBe(303)
    expect(bodies).toEqual([])
    release()
    await t.sandbox.webhooks.drain()
    const types = bodies.map((body) => (JSON.parse(body) as Stripe.Event).type)
    expect(types).toEqual(['customer.created', 'customer.subscription.created', 'invoice.paid', 'checkout.session.completed'])
    expect((JSON.parse(bodies[1]!) as Stripe.CustomerSubscriptionCreatedEvent).data.object.id).toBe(subscription!.id)
  })

  it('retries a failed delivery with exponential back-off, then delivers it and the next ones in order', async () => {
    const attempts: { at: number; type: string }[] = []
    let failures = 2
    const t = await start(open, {
      retry: { baseDelayMs: 60, maxAttempts: 5 },
      deliver: async (_url, request) => {
        attempts.push({ at: Date.now(), type: (JSON.parse(request.body) as Stripe.Event).type })
        if (failures-- > 0) {
          if (failures === 0) throw new Error('ECONNREFUSED')
          return { status: 500 }
        }
        return { status: 200 }
      },
    })
    await t.stripe.customers.create({ email: 'retry@example.com' })
    await t.stripe.customers.create({ email: 'retry2@example.com' })
    await t.sandbox.webhooks.drain()
    // The second event waits behind the first while it backs off (only the first has been tried).
    expect(new Set(attempts.map((attempt) => attempt.type)).size).toBe(1)
    for (let waited = 0; attempts.length < 4 && waited < 3000; waited += 20) await sleep(20)
    await t.sandbox.webhooks.drain()
    expect(attempts.map((attempt) => attempt.type)).toEqual(['customer.created', 'customer.created', 'customer.created', 'customer.created'])
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(55)
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(115)
    const [first, second] = (await t.db.query<{ status: string; attempts: number; seq: string }>('select status, attempts, seq from sandbox_webhook_deliveries order by seq')).map((row) => ({
      status: row.status,
      attempts: row.attempts,
    }))
    expect(first).toEqual({ status: 'delivered', attempts: 3 })
    expect(second).toEqual({ status: 'delivered', attempts: 1 })
  })

  it('gives up after the last attempt and goes on with the next event', async () => {
    const t = await start(open, { retry: { baseDelayMs: 5, maxAttempts: 3 }, deliver: async (_url, request) => ({ status: request.body.includes('doomed@') ? 400 : 204 }) })
    await t.stripe.customers.create({ email: 'doomed@example.com' })
    await t.stripe.customers.create({ email: 'fine@example.com' })
    for (let waited = 0; waited < 3000; waited += 20) {
      await t.sandbox.webhooks.drain()
      const rows = await t.db.query<{ status: string }>("select status from sandbox_webhook_deliveries where status = 'pending'")
      if (rows.length === 0) break
      await sleep(20)
    }
    const rows = await t.db.query<{ status: string; attempts: number; last_status: number }>('select status, attempts, last_status from sandbox_webhook_deliveries order by seq')
    expect(rows).toEqual([
      { status: 'failed', attempts: 3, last_status: 400 },
      { status: 'delivered', attempts: 1, last_status: 204 },
    ])
  })

  it('lets an idle sender sleep, and wakes it for an event another process recorded', async () => {
    const recorder = await start(open)
    // Only the other process's sender delivers: this one's kick after a change goes nowhere.
    recorder.sandbox.webhooks.stop()
    const sender = await startSandbox(open, { db: recorder.db })
    // With nothing pending it sleeps for its longest wait, a minute (for a lost notification only).
    await vi.waitFor(() => expect(sender.sandbox.webhooks.sleepingMs()).toBe(60_000), { timeout: 5_000, interval: 20 })
    await recorder.stripe.customers.create({ email: 'elsewhere@example.com' })
    // Woken by the notification: the delivery comes long before the minute is up.
    await vi.waitFor(() => expect(sender.deliveries).toHaveLength(1), { timeout: 5_000, interval: 20 })
    expect(sender.deliveries.map((delivery) => (JSON.parse(delivery.body) as Stripe.Event).data.object)).toMatchObject([{ email: 'elsewhere@example.com' }])
    // And back to sleep once it is delivered.
    await vi.waitFor(() => expect(sender.sandbox.webhooks.sleepingMs()).toBe(60_000), { timeout: 5_000, interval: 20 })
    await sender.close(true)
  })

  it('keeps pending deliveries in the database across a restart', async () => {
    const first = await start(open, { deliver: async () => ({ status: 503 }), retry: { baseDelayMs: 10, maxAttempts: 10 } })
    await first.stripe.customers.create({ email: 'restart@example.com' })
    await first.sandbox.webhooks.drain()
    await first.close(true)
    running.splice(running.indexOf(first), 1)
    const second = await start(open, { db: first.db, retry: { baseDelayMs: 10, maxAttempts: 10 } })
    for (let waited = 0; second.deliveries.length === 0 && waited < 3000; waited += 20) await sleep(20)
    expect(second.deliveries.map((delivery) => (JSON.parse(delivery.body) as Stripe.Event).data.object)).toMatchObject([{ email: 'restart@example.com' }])
  })

  it('posts to the endpoint with fetch by default', async () => {
    const received: { headers: IncomingMessage['headers']; body: string }[] = []
    const endpoint = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        received.push({ headers: request.headers, body })
        response.writeHead(received.length === 1 ? 500 : 200).end()
      })
    })
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/stripe/webhook`
    const { createSandbox } = await import('@/server/local/sandbox/index')
    const t = await start(open)
    const sandbox = createSandbox({
      db: t.db,
      origin: t.origin,
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      prices: [],
      webhook: { url, secret: webhookSecret },
      retry: { baseDelayMs: 10, maxAttempts: 3 },
    })
    t.sandbox.webhooks.stop()
    try {
      await t.stripe.customers.create({ email: 'fetch@example.com' })
      for (let waited = 0; received.length < 2 && waited < 3000; waited += 20) {
        await sandbox.webhooks.drain()
        await sleep(20)
      }
      expect(received).toHaveLength(2)
      expect(received[1]!.body).toBe(received[0]!.body)
      const event = verifier.webhooks.constructEvent(received[1]!.body, String(received[1]!.headers['stripe-signature']), webhookSecret)
      expect(event.type).toBe('customer.created')
    } finally {
      sandbox.webhooks.stop()
      await new Promise((resolve) => endpoint.close(resolve))
    }
  })
})
