import type Stripe from 'stripe'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { activityPageSchema, type ActivityEntry } from '@/common/contract'
import { describeApi } from '@/tests/support/server/api-fixture'
import { backToLicenses } from '@/tests/support/server/api-harness'

const nora = { name: 'Nora Nolicense', email: 'nolicense@example.com' }
const cara = { name: 'Cara Commercial', email: 'commercial@example.com' }
const paula = { name: 'Paula Plus', email: 'plus@example.com' }
const day = 86_400

describeApi('license activity on $name', (api) => {
  /** One page of the caller's activity, checked against the contract. */
  async function page(email: string, query = '') {
    const answer = await api.call(email, 'GET', `/account/activity${query}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return v.parse(activityPageSchema, answer.body)
  }
  /** The caller's activity, newest first, without the ids and times. */
  const activityOf = async (email: string) => (await page(email, '?limit=100')).entries.map(({ id: _id, at: _at, ...entry }) => entry)
  const entry = (kind: ActivityEntry['kind'], fields: Partial<Omit<ActivityEntry, 'id' | 'at' | 'kind'>> = {}) => ({
    kind,
    actor: null,
    priceId: null,
    subjectEmail: null,
    seats: null,
    tokenName: null,
    actorRole: null,
    role: null,
    ...fields,
  })

  async function buy(email: string, quantity: number) {
    const checkout = await api.call(email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity, ...backToLicenses })
    expect(checkout.status).toBe(200)
    await api.pay(checkout.body.sessionId)
  }
  async function advanceClock(clock: string, to: number) {
    await api.stripe.testHelpers.testClocks.advance(clock, { frozen_time: to })
    await api.sandbox.webhooks.drain()
  }
  const periodEnd = async (subscriptionId: string) => (await api.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end

  it('records a purchase, and a second checkout as seats added, by the buyer', async () => {
    await buy('nolicense@example.com', 2)
    await buy('nolicense@example.com', 3)
    expect(await activityOf('nolicense@example.com')).toEqual([
      entry('seats-added', { actor: nora, priceId: 'commercial', seats: 3 }),
      entry('purchase', { actor: nora, priceId: 'commercial', seats: 2 }),
    ])
  })

  it('records nothing twice: every delivery again, and a new event for a state already applied', async () => {
    const before = await activityOf('nolicense@example.com')
    for (const body of [...api.deliveries]) expect((await api.deliver(body)).status).toBe(200)
    // As new as the latest event, so it is not skipped as stale: the state it brings is simply already there.
    const latest = Math.max(...api.deliveries.map((body) => (JSON.parse(body) as Stripe.Event).created))
    const created = api.deliveries.find((body) => body.includes('"customer.subscription.created"'))!
    const again = await api.deliver(JSON.stringify({ ...JSON.parse(created), id: `evt_again_${Date.now()}`, type: 'customer.subscription.updated', created: latest }))
    expect(await again.json()).toMatchObject({ outcome: 'updated' })
    expect(await activityOf('nolicense@example.com')).toEqual(before)
  })

  it('records more seats on a subscription (the billing portal) as seats added, with the seats added', async () => {
    const [account] = await api.db.query<{ stripe_customer_id: string }>("select stripe_customer_id from accounts where email = 'nolicense@example.com'")
    const [first] = (await api.stripe.subscriptions.list({ customer: account!.stripe_customer_id })).data.filter((subscription) => subscription.items.data[0]!.quantity === 2)
    await api.stripe.subscriptions.update(first!.id, { items: [{ id: first!.items.data[0]!.id, quantity: 4 }], proration_behavior: 'none' })
    await api.sandbox.webhooks.drain()
    expect((await activityOf('nolicense@example.com'))[0]).toEqual(entry('seats-added', { actor: nora, priceId: 'commercial', seats: 2 }))
  })

  it('records an upgrade once, with the new plan and seats, though its webhook follows', async () => {
    expect((await api.call('commercial@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 6 })).status).toBe(200)
    await api.sandbox.webhooks.drain()
    expect(await activityOf('commercial@example.com')).toEqual([entry('upgrade', { actor: cara, priceId: 'commercial-plus', seats: 6 })])
  })

  it('records assign and unassign by the owner, about the holder', async () => {
    const assigned = await api.call('commercial@example.com', 'POST', '/licenses/assign', { firstName: 'New', lastName: 'Dev', email: 'New.Dev@example.com' })
    expect(assigned.status).toBe(200)
    expect((await api.call('commercial@example.com', 'POST', '/licenses/unassign', { licenseId: assigned.body.id })).status).toBe(200)
    expect((await activityOf('commercial@example.com')).slice(0, 2)).toEqual([
      entry('unassign', { actor: cara, actorRole: 'owner', priceId: 'commercial-plus', subjectEmail: 'new.dev@example.com' }),
      entry('assign', { actor: cara, actorRole: 'owner', priceId: 'commercial-plus', subjectEmail: 'new.dev@example.com' }),
    ])
    const before = await activityOf('commercial@example.com')
    expect((await api.call('commercial@example.com', 'POST', '/licenses/unassign', { licenseId: assigned.body.id })).status).toBe(404)
    expect(await activityOf('commercial@example.com'), 'a refused change records nothing').toEqual(before)
  })

  it('records a renewal, a cancellation and its withdrawal, then the expiry', async () => {
    await advanceClock('clock_demo_plus', (await periodEnd('sub_demo_plus')) + 60)
    await api.stripe.subscriptions.update('sub_demo_plus', { cancel_at_period_end: true })
    await api.sandbox.webhooks.drain()
    await api.stripe.subscriptions.update('sub_demo_plus', { cancel_at_period_end: false })
    await api.sandbox.webhooks.drain()
    await api.stripe.subscriptions.cancel('sub_demo_plus')
    await api.sandbox.webhooks.drain()
    expect(await activityOf('plus@example.com')).toEqual([
      entry('expiry', { priceId: 'commercial-plus' }),
      entry('cancellation-withdrawn', { actor: paula, priceId: 'commercial-plus' }),
      entry('cancellation', { actor: paula, priceId: 'commercial-plus' }),
      entry('renewal', { priceId: 'commercial-plus' }),
    ])
  })

  it('records a failed renewal payment, and the renewal once a retry pays it', async () => {
    // Finn has no card on file: the renewal's charge fails and the subscription is past due.
    const end = await periodEnd('sub_demo_full')
    await advanceClock('clock_demo_full', end + 60)
    expect(await activityOf('full@example.com')).toEqual([entry('payment-failed', { priceId: 'commercial' })])
    await api.saveCard('full@example.com', '4242424242424242')
    await advanceClock('clock_demo_full', end + 4 * day)
    expect(await activityOf('full@example.com')).toEqual([entry('renewal', { priceId: 'commercial' }), entry('payment-failed', { priceId: 'commercial' })])
  })

  it('pages newest first: each cursor leads on without overlap, and the last page has none', async () => {
    const all = (await page('commercial@example.com', '?limit=100')).entries
    expect(all.length).toBeGreaterThanOrEqual(3)
    expect(all.map((item) => item.at)).toEqual([...all.map((item) => item.at)].sort().reverse())
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const next: v.InferOutput<typeof activityPageSchema> = await page('commercial@example.com', `?limit=2${cursor ? `&before=${cursor}` : ''}`)
      expect(next.entries.length).toBeLessThanOrEqual(2)
      seen.push(...next.entries.map((item) => item.id))
      cursor = next.nextCursor
    } while (cursor)
    expect(seen).toEqual(all.map((item) => item.id))
    expect((await page('commercial@example.com')).entries).toEqual(all.slice(0, 20))
  })

  it('refuses a bad limit or cursor with 400 and says why', async () => {
    const foreign = (await page('nolicense@example.com', '?limit=1')).nextCursor!
    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=101', 'limit must be at most 100'],
      ['?limit=two', 'limit must be a whole number'],
      ['?before=not%20a%20cursor', 'before must be a cursor from a previous page'],
      ['?before=AAAA', 'before must be a cursor from a previous page'],
      [`?before=${foreign}`, 'before must be a cursor from a previous page'],
    ]) {
      const answer = await api.call('commercial@example.com', 'GET', `/account/activity${query}`)
      expect(answer, query).toMatchObject({ status: 400, body: { message } })
    }
  })

  it("shows an owner only their own activity, not the activity of seats they hold or others'", async () => {
    expect(await activityOf('dev1@example.com')).toEqual([])
    expect((await activityOf('nolicense@example.com')).every((item) => item.actor?.email === nora.email)).toBe(true)
  })
})
