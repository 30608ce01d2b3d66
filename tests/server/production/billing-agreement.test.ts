import { spawn } from 'node:child_process'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Renewal } from '@/common/billing-contract'
import { createStripeClient } from '@/server/payments/stripe-client'
import { backToPortal, callInstance, productionEnv, startInstance, startStripe } from '@/tests/support/server/instances'
import { productionServerFile } from '@/tests/support/server/production-server'
import { useProductionStack } from '@/tests/support/server/production-stack'
import { untilSettledOrWaiting, waitingForLock } from '@/tests/support/server/turns'

const databaseUrl = process.env.TEST_DATABASE_URL
const owner = { oid: 'owner-of-billing-agreement', email: 'owner@agreement.example.com' }

/** npm run billing:reconcile as its built file runs, from this tree's source: its output and exit code. */
async function reconcileScript(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, [await productionServerFile('billing-reconcile'), ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

// Production processes on one PostgreSQL, against the sandbox's Stripe API; the sandbox's events are delivered by the test.
describe.skipIf(!databaseUrl)('production and Stripe agree (PostgreSQL)', () => {
  const stack = useProductionStack('agreement', { instances: 2 })
  const sdk = () => createStripeClient({ secretKey: stack.env.STRIPE_SECRET_KEY!, apiBase: stack.stripe.origin })

  const call = async (index: number, method: string, path: string, body?: unknown) => callInstance(stack.instances[index]!.url, await stack.tenant.token(owner), method, path, body)
  const deliver = (index: number, body: string) =>
    fetch(`${stack.instances[index]!.url}/api/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stack.stripe.sign(body) }, body })
  const purchased = async () => (await call(0, 'GET', '/account/stats/')).body.purchased

  // Sees the instances' turns on the subscription (pg_locks is the server's, whatever the schema).
  const watcher = new pg.Client({ connectionString: databaseUrl })
  const lockWatch = async (sql: string, params: unknown[]) => (await watcher.query(sql, params)).rows
  afterAll(() => watcher.end())

  beforeAll(async () => {
    await watcher.connect()
    expect((await call(0, 'POST', '/auth/login', { firstName: 'Olga', lastName: 'Owner', email: owner.email, oid: owner.oid })).status).toBe(200)
  })

  it('refuses to start when a configured price differs from the plan the site shows, naming the price', async () => {
    const cheaper = await startStripe({ unitAmounts: { commercial: 19900 } })
    try {
      const start = startInstance(await productionEnv(databaseUrl!, 'mismatch', stack.tenant, cheaper))
      await expect(start).rejects.toThrow(/exited \(1\)[\s\S]*price_commercial \(Commercial\) charges \$199\.00 every year; the site shows \$299\.00 every year/)
    } finally {
      await cheaper.close()
    }
  })

  it('applies two events of the same second at two instances in turn: the older Stripe answer, arriving last, does not win', async () => {
    const checkout = await call(0, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 2, ...backToPortal })
    await stack.stripe.pay(String(checkout.body.sessionId))
    for (const body of stack.stripe.deliveries.splice(0)) expect((await deliver(0, body)).status).toBe(200)
    expect(await purchased()).toBe(2)
    const [subscription] = (await sdk().subscriptions.list({ limit: 1 })).data
    const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: subscription } })
    const slow = stack.stripe.holdAnswer((request) => request.method === 'GET' && new URL(request.url).pathname === `/v1/subscriptions/${subscription!.id}`)
    const first = deliver(0, event('evt_two_instances_1'))
    await slow.answered
    await sdk().subscriptions.update(subscription!.id, { items: [{ id: subscription!.items.data[0]!.id, quantity: 4 }], proration_behavior: 'none' })
    const second = deliver(1, event('evt_two_instances_2'))
    // The old answer lands last: once the second event is done, or waits at the other instance for its turn.
    await untilSettledOrWaiting(second, () => waitingForLock(lockWatch, `subscription:${subscription!.id}`))
    slow.release()
    expect([(await first).status, (await second).status]).toEqual([200, 200])
    expect(await purchased()).toBe(4)
  })

  it('npm run billing:reconcile finds a change whose events were lost: a dry run only says so, a run applies it', async () => {
    const [subscription] = (await sdk().subscriptions.list({ limit: 1 })).data
    await sdk().subscriptions.update(subscription!.id, { items: [{ id: subscription!.items.data[0]!.id, quantity: 5 }], proration_behavior: 'none' })
    const dry = await reconcileScript(stack.env, '--dry-run')
    expect(dry.output).toContain('Compared 1 subscriptions with Stripe: 1 differences (logged above), dry run: nothing changed, 0 failed.')
    expect(dry.output).toMatch(/"kind":"quantity","portal":4,"stripe":5/)
    expect(dry.code).toBe(0)
    expect(await purchased()).toBe(4)
    const run = await reconcileScript(stack.env)
    expect(run.output).toContain("1 differences (logged above), 1 brought to Stripe's state, 0 lapsed, 0 failed.")
    expect(run.code).toBe(0)
    expect(await purchased()).toBe(5)
  })

  it("takes a change made at one instance in the subscription's turn: an event being applied at the other, with an older Stripe answer, does not land over it", async () => {
    const [subscription] = (await sdk().subscriptions.list({ limit: 1 })).data
    const renewals = async () => (await call(0, 'GET', '/renewals')).body as unknown as Renewal[]
    const [renewal] = await renewals()
    expect(renewal!.autoRenew).toBe(true)
    const event = JSON.stringify({ id: 'evt_turns_1', object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: subscription } })
    const slow = stack.stripe.holdAnswer((request) => request.method === 'GET' && new URL(request.url).pathname === `/v1/subscriptions/${subscription!.id}`)
    const applying = deliver(0, event)
    await slow.answered
    const change = call(1, 'PUT', `/stripe/renewals/${renewal!.subscriptionId}/auto-renew`, { autoRenew: false })
    await untilSettledOrWaiting(change, () => waitingForLock(lockWatch, `subscription:${subscription!.id}`))
    slow.release()
    expect([(await applying).status, (await change).status]).toEqual([200, 200])
    expect((await sdk().subscriptions.retrieve(subscription!.id)).cancel_at_period_end).toBe(true)
    expect((await renewals())[0]!.autoRenew).toBe(false)
  })

  describe("seats decided under the owner's lock, an assignment racing at the other instance", () => {
    const rita = { oid: 'owner-racing-seats', email: 'rita@agreement.example.com' }
    const as = async (index: number, method: string, path: string, body?: unknown) => callInstance(stack.instances[index]!.url, await stack.tenant.token(rita), method, path, body)
    const assign = (index: number, name: string) => as(index, 'POST', '/licenses/assign', { firstName: name, lastName: 'Racer', email: `${name}@agreement.example.com` })
    const ritasRenewal = async () => ((await as(0, 'GET', '/renewals')).body as unknown as Renewal[])[0]!
    /** The instances' tables, by their schema's name. */
    const table = (name: string) => `"${/search_path=(\S+)/.exec(new URL(stack.env.DATABASE_URL!).searchParams.get('options')!)![1]}".${name}`
    /** Whether a statement that locks accounts of these instances' schema (an assignment takes its owner's row) waits for a lock. */
    const waitsForOwnerLock = async () => {
      const [row] = (await lockWatch(
        "select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'relation' and l.granted and l.relation = to_regclass($1) and a.wait_event_type = 'Lock'",
        [table('accounts')],
      )) as [{ waiting: number }]
      return row.waiting > 0
    }
    /** Holds Stripe's answer to the next read of Rita's subscription (the first step of a change), sends `change`, and races `racing` against it once Stripe was asked. */
    async function race(change: () => Promise<{ status: number; body: Record<string, unknown> }>, racing: () => Promise<{ status: number; body: Record<string, unknown> }>) {
      const [{ id }] = (await lockWatch(`select stripe_subscription_id as id from ${table('subscriptions')} where owner_oid = $1`, [rita.oid])) as [{ id: string }]
      const slow = stack.stripe.holdAnswer((request) => request.method === 'GET' && new URL(request.url).pathname === `/v1/subscriptions/${id}`)
      const changing = change()
      await slow.answered
      const raced = racing()
      await untilSettledOrWaiting(raced, waitsForOwnerLock)
      slow.release()
      return [await changing, await raced] as const
    }

    beforeAll(async () => {
      expect((await as(0, 'POST', '/auth/login', { firstName: 'Rita', lastName: 'Racer', email: rita.email, oid: rita.oid })).status).toBe(200)
      const checkout = await as(0, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 3, ...backToPortal })
      await stack.stripe.pay(String(checkout.body.sessionId))
      for (const body of stack.stripe.deliveries.splice(0)) expect((await deliver(0, body)).status).toBe(200)
      // Rita holds the first seat; a second is assigned: one is free.
      expect((await assign(0, 'ada')).status).toBe(200)
    })

    it('a reduction of the renewal to the seats assigned: the assignment waits, then is refused; the renewal never has fewer seats than are assigned', async () => {
      const { subscriptionId } = await ritasRenewal()
      const [reduced, assigned] = await race(
        () => as(0, 'PUT', `/stripe/renewals/${subscriptionId}/seats`, { seats: 2 }),
        () => assign(1, 'bea'),
      )
      expect(reduced.status).toBe(200)
      expect(assigned).toMatchObject({ status: 409, body: { message: expect.stringContaining('with 2 licenses, and all of them are assigned') } })
      expect(await ritasRenewal()).toMatchObject({ seats: 3, assigned: 2, renewalSeats: 2 })
    })

    it('an upgrade to the seats assigned: the assignment waits, then finds no seat left; never more assigned than paid', async () => {
      const { subscriptionId } = await ritasRenewal()
      expect((await as(0, 'PUT', `/stripe/renewals/${subscriptionId}/seats`, { seats: 3 })).status).toBe(200)
      const [upgraded, assigned] = await race(
        () => as(0, 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 2 }),
        () => assign(1, 'cyd'),
      )
      expect(upgraded.status).toBe(200)
      expect(assigned).toMatchObject({ status: 409, body: { message: 'No license is left to assign. Buy additional licenses first.' } })
      expect(await ritasRenewal()).toMatchObject({ priceId: 'commercial-plus', seats: 2, assigned: 2 })
    })
  })
})
