import { expect, it } from 'vitest'
import { person } from '@/tests/support/server/api-harness'
import { describeApi } from '@/tests/support/server/api-fixture'
import type { TestDatabase } from '@/tests/support/server/database'
import type { Counted } from '@/tests/support/server/counting-database'

/**
 * What each API call asks of the database, authentication and rate limit included (issue 32): a
 * read is at most one round trip, a write at most one transaction. The budget is the table below,
 * exactly: a change that adds a statement fails here, naming the call. (Calls that go on to Stripe
 * count only the portal's database, not the payment sandbox's.)
 */
type Request = { who: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; headers?: Record<string, string>; status?: number }
type Counts = [statements: number, transactions: number, statementsInTransactions: number]
/** The same on each database, or each its own. */
type Budget = Counts | Record<TestDatabase['name'], Counts>
const site = 'https://localhost:5173/account/licenses'
const profile = { firstName: 'Cara', lastName: 'Commercial', image: '', github: '', companyName: '', country: '', address: '', city: '', state: '', zip: '', emailAnnouncements: true }

const reads: [name: string, request: Request, budget: Budget][] = [
  ['GET /licenses', { who: 'dev1@example.com', method: 'GET', path: '/licenses' }, [1, 0, 0]],
  ['GET /licenses/assigned', { who: 'commercial@example.com', method: 'GET', path: '/licenses/assigned' }, [1, 0, 0]],
  ['GET /licenses/assigned.csv', { who: 'commercial@example.com', method: 'GET', path: '/licenses/assigned.csv' }, [1, 0, 0]],
  ['GET /feed-tokens', { who: 'plus@example.com', method: 'GET', path: '/feed-tokens' }, [1, 0, 0]],
  ['GET /account/stats', { who: 'commercial@example.com', method: 'GET', path: '/account/stats' }, [1, 0, 0]],
  ['GET /account', { who: 'commercial@example.com', method: 'GET', path: '/account' }, [1, 0, 0]],
  ['GET /account/activity', { who: 'commercial@example.com', method: 'GET', path: '/account/activity' }, [1, 0, 0]],
  ['GET /products/:pid (a plan with a seat limit)', { who: 'community@example.com', method: 'GET', path: '/products/community' }, [1, 0, 0]],
  ['GET /products/:pid (no seat limit)', { who: 'commercial@example.com', method: 'GET', path: '/products/commercial' }, [0, 0, 0]],
  ['GET /stripe/has-default-payment-method', { who: 'commercial@example.com', method: 'GET', path: '/stripe/has-default-payment-method' }, [1, 0, 0]],
  ['GET /stripe/create-setup-intent', { who: 'commercial@example.com', method: 'GET', path: '/stripe/create-setup-intent' }, [1, 0, 0]],
  ['GET /organisation', { who: 'commercial@example.com', method: 'GET', path: '/organisation' }, [1, 0, 0]],
  ['GET /organisation/invitations', { who: 'commercial@example.com', method: 'GET', path: '/organisation/invitations' }, [1, 0, 0]],
  ['GET /stripe/upgrade-preview', { who: 'commercial@example.com', method: 'GET', path: '/stripe/upgrade-preview?priceId=commercial-plus&quantity=5' }, [1, 0, 0]],
]

const writes: [name: string, request: Request, budget: Budget][] = [
  [
    'POST /auth/login',
    {
      who: 'commercial@example.com',
      method: 'POST',
      path: '/auth/login',
      body: { firstName: 'Cara', lastName: 'Commercial', email: 'commercial@example.com', oid: person('commercial@example.com').oid },
    },
    [1, 0, 0],
  ],
  ['PUT /account', { who: 'commercial@example.com', method: 'PUT', path: '/account', body: profile }, [1, 0, 0]],
  // Every change reads the caller's role again, in its transaction (decision 0040); the assignment in the
  // owner's lock (decision 0050). Then the seat, and the activity with the assignee's mail within the
  // organisation's caps (decision 0027: one statement).
  ['POST /licenses/assign', { who: 'commercial@example.com', method: 'POST', path: '/licenses/assign', body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } }, [0, 1, 3]],
  ['POST /feed-tokens', { who: 'plus@example.com', method: 'POST', path: '/feed-tokens', body: { name: 'CI' }, status: 201 }, [0, 1, 4]],
  ['POST /discord/connect', { who: 'plus@example.com', method: 'POST', path: '/discord/connect', body: { discordName: 'paula.plus' } }, [2, 0, 0]],
  // The role read again before Stripe is asked; the customer.
  ['POST /stripe/create-customer-portal-session', { who: 'commercial@example.com', method: 'POST', path: '/stripe/create-customer-portal-session', body: { returnUrl: site } }, [2, 0, 0]],
  // The account and its open checkouts; the role read again, the order weighed and counted under the
  // owner's lock (decision 0022); the billing contact the new customer is made for (decision 0041), the
  // new customer stored; the session stored.
  [
    'POST /stripe/create-checkout-session',
    { who: 'nolicense@example.com', method: 'POST', path: '/stripe/create-checkout-session', body: { priceId: 'commercial', quantity: 1, successUrl: site, cancelUrl: site } },
    [4, 1, 4],
  ],
  [
    'POST /stripe/upgrade-community-subscription',
    { who: 'commercial@example.com', method: 'POST', path: '/stripe/upgrade-community-subscription', body: { priceId: 'commercial-plus', quantity: 5 } },
    // The role read again before Stripe is asked, and in the turn's transaction. The subscription's turn
    // (server/db/one-at-a-time.ts): PGlite reads the clock before its turn's transaction; PostgreSQL
    // takes the lock and reads the clock in one statement of it. The plan read again in the turn under
    // the owner's lock, before Stripe is asked (decision 0064). The new plan's feed rule is one
    // statement more (server/licensing/feed-rules.ts), and the renewal invoice overdue read as the
    // answer is applied another (decision 0063).
    { PGlite: [4, 1, 10], PostgreSQL: [2, 1, 12] },
  ],
]

/** What a write of the table below is made to: a seat its owner assigned just before (to an email of its own), or a feed token its owner made. */
type Made = 'seat' | 'feed token'
/** Writes to something made just before, each to its own; each reads the caller's role again, in its transaction or its one statement (decision 0050). */
const writesToMade: [name: string, made: Made, request: (id: string) => Request, budget: Budget][] = [
  ['POST /licenses/unassign', 'seat', (seatId) => ({ who: 'plus@example.com', method: 'POST', path: '/licenses/unassign', body: { licenseId: seatId } }), [1, 0, 0]],
  ['POST /licenses/:id/regenerate-key', 'seat', (seatId) => ({ who: 'plus@example.com', method: 'POST', path: `/licenses/${seatId}/regenerate-key` }), [0, 1, 3]],
  ['DELETE /feed-tokens/:id', 'feed token', (tokenId) => ({ who: 'plus@example.com', method: 'DELETE', path: `/feed-tokens/${tokenId}`, status: 204 }), [1, 0, 0]],
]

describeApi('database round trips per API call on $name', (api, database) => {
  /**
   * The call's count, after a first call that verifies the person's token and reads their standing
   * (both remembered from then on, as in a session). The same token both times: one signed anew
   * carries another `iat` once the clock has passed a second. The standing read afresh: one kept
   * from a call before could pass its 5 s during the counted call on a slow machine, and its read
   * again be counted as the call's.
   */
  async function count(request: Request) {
    const bearer = await api.token(request.who)
    api.standings.forget()
    await api.callWith(bearer, 'GET', '/account/stats')
    // Stripe's events about the call are handled apart from it (in their own webhook requests).
    const release = api.holdWebhooks()
    const { result, counted } = await api.apiDb.during(() => api.callWith(bearer, request.method, request.path, request.body, request.headers)).finally(release)
    expect(result.status, typeof result.body === 'string' ? result.body : JSON.stringify(result.body)).toBe(request.status ?? 200)
    return counted
  }
  const asCounted = (budget: Budget): Counted => {
    const [statements, transactions, statementsInTransactions] = Array.isArray(budget) ? budget : budget[database.name]
    return { statements, transactions, statementsInTransactions }
  }

  // Issue 48: a caller who proves nobody costs the database nothing, whatever the call.
  it('asks nothing of the database for a request without a valid token: none, forged, expired, or of another policy', async () => {
    const bearers = {
      none: null,
      garbage: 'not-a-token',
      forged: await api.token('commercial@example.com', { key: 'stranger' }),
      expired: await api.token('commercial@example.com', { expiresIn: '-5m' }),
      'another policy': await api.token('commercial@example.com', { claims: { tfp: 'B2C_1_profile_edit' } }),
    }
    for (const [what, bearer] of Object.entries(bearers)) {
      for (const [method, path, body] of [
        ['GET', '/organisation'],
        ['POST', '/licenses/assign', { firstName: 'A', lastName: 'B', email: 'a@example.com' }],
        ['POST', '/invitations/offer', { secret: 'x'.repeat(43) }],
      ] as const) {
        const { result, counted } = await api.apiDb.during(() => api.callWith(bearer, method, path, body))
        expect(result.status, `${what}: ${method} ${path}`).toBe(401)
        expect(counted, `${what}: ${method} ${path}`).toEqual({ statements: 0, transactions: 0, statementsInTransactions: 0 })
      }
    }
  })

  it.each(reads)('%s: one round trip at most', async (_name, request, budget) => {
    const counted = await count(request)
    expect(counted.statements + counted.transactions).toBeLessThanOrEqual(1)
    expect(counted).toEqual(asCounted(budget))
  })

  it.each(writes)('%s: one transaction at most', async (_name, request, budget) => {
    const counted = await count(request)
    expect(counted.transactions + (counted.transactions ? 0 : Math.min(counted.statements, 1))).toBeLessThanOrEqual(1)
    expect(counted).toEqual(asCounted(budget))
  })
  it.each(writesToMade)('%s: one transaction at most', async (name, made, request, budget) => {
    const answer =
      made === 'seat'
        ? await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Seat', lastName: 'Writer', email: `${name.replace(/\W+/g, '-')}@example.com` })
        : await api.call('plus@example.com', 'POST', '/feed-tokens', { name })
    expect(answer.status, JSON.stringify(answer.body)).toBe(made === 'seat' ? 200 : 201)
    // The webhooks of the calls before (an upgrade's) are handled, not counted as this call's.
    await api.sandbox.webhooks.drain()
    const counted = await count(request(made === 'seat' ? answer.body.id : answer.body.token.id))
    expect(counted.transactions + (counted.transactions ? 0 : Math.min(counted.statements, 1))).toBeLessThanOrEqual(1)
    expect(counted).toEqual(asCounted(budget))
  })
})
