import type { IncomingMessage } from 'node:http'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatLongDate } from '@/common/format'
import { basicCredentials } from '@/server/feed/basic-credentials'
import { clientAddressOf, noteProxied } from '@/server/http/client-address'
import { useProductionStack } from '@/tests/support/server/production-stack'
import { describeApi } from '@/tests/support/server/api-fixture'

const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`
/** The Node request a server would hand the API: only the parts the client's address comes from. */
const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ incoming: { headers, socket: { remoteAddress } } as unknown as IncomingMessage })
const challenge = 'Basic realm="Prism packages"'

describeApi('the package feed credential check on $name', (api) => {
  let plusKey: string
  beforeAll(async () => {
    plusKey = (await api.call('plus@example.com', 'GET', '/licenses')).body[0].licenseKey
  })

  async function check(authorization: string | null, address = '192.0.2.1') {
    const answer = await api.app.request('/api/feed/authorize', { headers: authorization === null ? {} : { Authorization: authorization } }, from(address))
    return { status: answer.status, headers: answer.headers, body: await answer.text() }
  }
  const keyOf = async (email: string) =>
    ((await api.call(email, 'GET', '/licenses')).body as { priceId: string; licenseKey: string }[]).find((license) => license.priceId === 'commercial-plus')!.licenseKey
  const setStatus = (status: string) => api.db.query("update subscriptions set status = $1 where id = 'sub_demo_plus'", [status])

  it("answers 204 with no body for a live Commercial Plus seat's holder and key, whatever the email's case; never cached", async () => {
    for (const email of ['plus@example.com', 'PLUS@Example.COM']) {
      const answer = await check(basic(email, plusKey))
      expect(answer, email).toMatchObject({ status: 204, body: '' })
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.get('www-authenticate')).toBeNull()
    }
  })

  it('answers 401 with a Basic challenge and the same words for every wrong part, a missing or malformed header', async () => {
    const [free] = await api.db.query<{ license_key: string }>("select license_key from seats where subscription_id = 'sub_demo_plus' and assignee_email is null limit 1")
    const commercialKey = (await api.call('commercial@example.com', 'GET', '/licenses')).body[0].licenseKey
    const refused = {
      'a wrong key': basic('plus@example.com', 'PRSM-AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'),
      'a key with a different case': basic('plus@example.com', plusKey.toLowerCase()),
      'an unknown email': basic('stranger@example.com', plusKey),
      "an unassigned seat's key": basic('plus@example.com', free!.license_key),
      'a Commercial (not Plus) seat': basic('commercial@example.com', commercialKey),
      'no key': basic('plus@example.com', ''),
      'no email': basic('', plusKey),
      'no header': null,
      'another scheme': `Bearer ${plusKey}`,
      'bad base64': 'Basic !!!not-base64!!!',
      'no colon': `Basic ${Buffer.from('plus@example.com').toString('base64')}`,
    }
    const bodies = new Set<string>()
    for (const [name, authorization] of Object.entries(refused)) {
      const answer = await check(authorization)
      expect(answer.status, name).toBe(401)
      expect(answer.headers.get('www-authenticate'), name).toBe(challenge)
      expect(answer.headers.get('cache-control'), name).toBe('no-store')
      expect(answer.headers.get('x-nuget-warning'), name).toBeNull()
      bodies.add(answer.body)
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: 'Sign in to the feed with your email and license key.' })])
  })

  it('refuses a rotated key at once: the seat given again has a new key, and only that one works', async () => {
    const assigned = await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Feed', lastName: 'Dev', email: 'feeddev@example.com' })
    expect(assigned.status).toBe(200)
    const first = await keyOf('feeddev@example.com')
    expect((await check(basic('feeddev@example.com', first))).status).toBe(204)
    await api.call('plus@example.com', 'POST', '/licenses/unassign', { licenseId: assigned.body.id })
    // Its former holder is refused and told why, in words that hold neither the key nor the email, on every file and list; anyone else with the key is a stranger.
    const reason = `This license key's seat was unassigned on ${formatLongDate(new Date())}: the key opens nothing any more. A seat assigned to you again comes with a new key, shown on My Licenses.`
    const unassigned = await check(basic('FeedDev@example.com', first))
    expect([unassigned.status, unassigned.headers.get('x-nuget-warning'), JSON.parse(unassigned.body)]).toEqual([403, reason, { message: reason }])
    const v3 = (path: string) => api.app.request(`/api/feed/v3/${path}`, { headers: { Authorization: basic('feeddev@example.com', first) } }, from('192.0.2.1'))
    // The service index answers, so that NuGet goes on to a list and prints the reason (it prints none of a service index).
    const index = await v3('index.json')
    expect([index.status, index.headers.get('x-nuget-warning')]).toEqual([200, reason])
    for (const path of ['flatcontainer/prism.core/index.json', 'flatcontainer/prism.plus.popups/index.json', 'registration/prism.core/index.json']) {
      const refused = await v3(path)
      expect([refused.status, refused.headers.get('x-nuget-warning')], path).toEqual([403, reason])
    }
    const stranger = await check(basic('other@example.com', first))
    expect([stranger.status, stranger.headers.get('x-nuget-warning')]).toEqual([401, null])
    await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Feed', lastName: 'Dev', email: 'feeddev@example.com' })
    const second = await keyOf('feeddev@example.com')
    expect(second).not.toBe(first)
    // The old key stays refused, with its reason, beside the holder's new one.
    const old = await check(basic('feeddev@example.com', first))
    expect([old.status, old.headers.get('x-nuget-warning')], 'the old key').toEqual([403, reason])
    expect((await check(basic('feeddev@example.com', second))).headers.get('x-nuget-warning'), 'the new key').toBeNull()
    expect((await check(basic('feeddev@example.com', second))).status, 'the new key').toBe(204)
    // A key changed in the database (as regenerating it does) is refused the next moment.
    await api.db.query("update seats set license_key = 'PRSM-ROTAT-EDKEY-22222-33333-44444' where lower(assignee_email) = 'feeddev@example.com'")
    expect((await check(basic('feeddev@example.com', second))).status).toBe(401)
    expect((await check(basic('feeddev@example.com', 'PRSM-ROTAT-EDKEY-22222-33333-44444'))).status).toBe(204)
  })

  it('follows the subscription: once it has ended, a proxy that names no file is refused unless its paid period covers every release; still accepted while Stripe retries a failed payment', async () => {
    await api.db.query("update subscriptions set paid_until = '2026-05-31T23:59:59Z' where id = 'sub_demo_plus'")
    for (const ended of ['canceled', 'unpaid', 'incomplete_expired']) {
      await setStatus(ended)
      expect((await check(basic('plus@example.com', plusKey))).status, ended).toBe(401)
    }
    // Canceled in the middle of a paid year: everything released so far is still covered.
    await api.db.query("update subscriptions set paid_until = current_period_end where id = 'sub_demo_plus'")
    expect((await check(basic('plus@example.com', plusKey))).status, 'ended, paid until next year').toBe(204)
    await setStatus('past_due')
    expect((await check(basic('plus@example.com', plusKey))).status, 'past due').toBe(204)
    await setStatus('active')
    expect((await check(basic('plus@example.com', plusKey))).status).toBe(204)
  })

  it("leaves the victim's right key working from another address after an attacker's thousand wrong keys for the victim's email", async () => {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const answer = await check(basic('plus@example.com', `PRSM-WRONG-${attempt}`), '198.51.100.66')
      expect(answer.status, `attempt ${attempt + 1}`).toBe(401)
    }
    expect((await check(basic('plus@example.com', plusKey), '198.51.100.67')).status, 'the victim, from another address').toBe(204)
    expect((await check(basic('PLUS@example.com', plusKey), '198.51.100.67')).status, 'the same email in other case').toBe(204)
  })

  it('answers an address past sixty failures with Retry-After, never a 204 for a wrong key, and still lets its right key in', async () => {
    const address = '203.0.113.7'
    const answers = []
    for (let attempt = 0; attempt < 70; attempt++)
      answers.push(await check(attempt % 2 ? basic(`guess${attempt}@example.com`, 'PRSM-GUESS') : attempt % 4 ? 'Basic ???' : basic('plus@example.com', `${plusKey}X`), address))
    expect(answers.map((answer) => answer.status)).toEqual(Array(70).fill(401))
    const waits = answers.map((answer) => answer.headers.get('retry-after'))
    expect(waits.slice(0, 60), 'within the burst').toEqual(Array(60).fill(null))
    expect(Number(waits.at(-1)), 'past it').toBeGreaterThan(0)
    for (const answer of answers.slice(60)) expect(answer.headers.get('www-authenticate')).toBe(challenge)
    expect((await check(basic('plus@example.com', plusKey), address)).status, 'the right key, from the same address').toBe(204)
    const other = await check(basic('plus@example.com', 'PRSM-WRONG'), '203.0.113.8')
    expect(other, 'another address: its own count').toMatchObject({ status: 401 })
    expect(other.headers.get('retry-after')).toBeNull()
  })

  it('counts an IPv6 address by its /64, and an IPv4-mapped one as the IPv4 address', async () => {
    for (let attempt = 0; attempt < 61; attempt++) await check(basic('plus@example.com', 'PRSM-WRONG'), `2001:db8:5:6::${(attempt + 1).toString(16)}`)
    const sameNetwork = await check(basic('plus@example.com', 'PRSM-WRONG'), '2001:db8:5:6:ffff::1')
    expect(Number(sameNetwork.headers.get('retry-after')), 'another address of the same /64').toBeGreaterThan(0)
    const nextNetwork = await check(basic('plus@example.com', 'PRSM-WRONG'), '2001:db8:5:7::1')
    expect(nextNetwork.headers.get('retry-after'), 'the next /64').toBeNull()
    for (let attempt = 0; attempt < 61; attempt++) await check(basic('plus@example.com', 'PRSM-WRONG'), '192.0.2.77')
    expect(Number((await check(basic('plus@example.com', 'PRSM-WRONG'), '::ffff:192.0.2.77')).headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('records when the feed last let a seat in: a 204 sets it, a 401 never does', async () => {
    await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Used', lastName: 'Seat', email: 'usedseat@example.com' })
    const lastUsed = async (email: string) => (await api.db.query<{ at: Date | null }>('select last_feed_access_at as at from seats where lower(assignee_email) = $1', [email]))[0]!.at
    expect(await lastUsed('usedseat@example.com')).toBeNull()
    expect((await check(basic('usedseat@example.com', 'PRSM-WRONG'), '192.0.2.90')).status).toBe(401)
    await api.feedUsage.flush()
    expect(await lastUsed('usedseat@example.com'), 'after a 401').toBeNull()
    const before = Date.now()
    expect((await check(basic('usedseat@example.com', await keyOf('usedseat@example.com')), '192.0.2.90')).status).toBe(204)
    await api.feedUsage.flush()
    expect((await lastUsed('usedseat@example.com'))!.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('asks the database one statement a check, right or wrong, and writes nothing on its way', async () => {
    // The feed's catalog is read once in a while per instance (server/feed/catalog.ts), never per check.
    await check(basic('plus@example.com', plusKey), '192.0.2.91')
    for (const [name, authorization] of [
      ['right', basic('plus@example.com', plusKey)],
      ['wrong', basic('plus@example.com', 'PRSM-WRONG')],
      ['a token', basic('token', 'pft_wrong')],
    ] as const) {
      const { counted } = await api.apiDb.during(() => check(authorization, '192.0.2.91'))
      expect(counted, name).toEqual({ statements: 1, transactions: 0, statementsInTransactions: 0 })
    }
  })

  it('is not asked for a bearer token: a token alone is refused like any other wrong credentials', async () => {
    const answer = await check(`Bearer ${await api.token('plus@example.com')}`)
    expect(answer.status).toBe(401)
    expect(answer.headers.get('www-authenticate')).toBe(challenge)
  })
})

describe('reading the feed credentials and the client address', () => {
  it('reads Basic credentials, the email lower-cased and the key as sent (colons allowed after the first)', () => {
    expect(basicCredentials(basic('Dev@Example.com', 'PRSM-A:B'))).toEqual({ email: 'dev@example.com', key: 'PRSM-A:B' })
    expect(basicCredentials(`basic   ${Buffer.from('a@b.c:k').toString('base64')}`)).toEqual({ email: 'a@b.c', key: 'k' })
    for (const header of [
      undefined,
      '',
      'Basic',
      'Basic =',
      'Digest abc',
      basic(':key', ''),
      basic('a@b.c', ''),
      basic('a@b.c', 'k'.repeat(201)),
      basic('a\u0000b@example.com', 'key'),
      basic('a@b.c', 'k\u0007ey'),
      `Basic ${'A'.repeat(2000)}`,
    ])
      expect(basicCredentials(header), String(header)).toBeNull()
  })

  it("believes X-Real-IP, else the proxy's own X-Forwarded-For entry, only behind a trusted proxy", () => {
    const request = (headers: Record<string, string>) => from('10.0.0.5', headers).incoming
    const spoofed = request({ 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.6' })
    expect(clientAddressOf(spoofed), 'no trusted proxy: the peer').toBe('10.0.0.5')
    const real = request({ 'x-real-ip': '203.0.113.9', 'x-forwarded-for': '6.6.6.6, 198.51.100.4' })
    noteProxied(real)
    expect(clientAddressOf(real)).toBe('203.0.113.9')
    const forwarded = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.4' })
    noteProxied(forwarded)
    expect(clientAddressOf(forwarded), 'the entry the proxy appended, not the client-written one').toBe('198.51.100.4')
    expect(clientAddressOf(undefined)).toBe('unknown')
  })
})

// A production server behind its proxy: the addresses it forwards, and the log lines it writes.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the feed credential check in production mode', () => {
  const stack = useProductionStack('feed', { settings: () => ({ TRUST_PROXY: '127.0.0.1/8, ::1', FEED_FAILURES_PER_MINUTE: '1' }) })
  const key = 'PRSM-PRODK-EYFOR-THEFE-EDTES-T2345'
  const authorize = (authorization: string, forwardedFor: string) => fetch(`${stack.instance.url}/api/feed/authorize`, { headers: { Authorization: authorization, 'X-Forwarded-For': forwardedFor } })

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: stack.env.DATABASE_URL })
    await client.connect()
    await client.query("insert into accounts (oid, email) values ('feed-owner', 'owner@feed.example.com')")
    await client.query(
      "insert into subscriptions (id, owner_oid, price_id, quantity, stripe_subscription_id, current_period_end) values ('sub_feed', 'feed-owner', 'commercial-plus', 1, 'sub_feed', now() + interval '1 year')",
    )
    await client.query("insert into seats (id, subscription_id, license_key, assignee_email, assigned_at) values ('seat_feed', 'sub_feed', $1, 'owner@feed.example.com', now())", [key])
    await client.end()
  })

  it('limits by the address the trusted proxy forwards, and never logs the key or the Authorization header', async () => {
    const right = basic('owner@feed.example.com', key)
    const wrong = basic('owner@feed.example.com', `${key}X`)
    expect((await authorize(right, '203.0.113.50')).status).toBe(204)
    // Sixty failures at once, then one a minute (set so): no stall of a slow machine refills one between two guesses.
    for (let guess = 0; guess < 60; guess++) expect((await authorize(basic(`guess${guess}@feed.example.com`, key), '203.0.113.60')).headers.get('retry-after'), `guess ${guess}`).toBeNull()
    expect(Number((await authorize(wrong, '203.0.113.60')).headers.get('retry-after')), 'the address held back').toBeGreaterThan(0)
    expect(Number((await authorize(wrong, '203.0.113.60')).headers.get('retry-after')), 'still held back').toBeGreaterThan(0)
    expect((await authorize(wrong, '203.0.113.61')).headers.get('retry-after'), 'another address').toBeNull()
    expect((await authorize(right, '203.0.113.60')).status, 'the right key, from the address held back').toBe(204)
    expect((await authorize(wrong, '203.0.113.62')).status).toBe(401)
    await expect.poll(() => stack.instance.lines.filter((line) => (line.req as { path?: string } | undefined)?.path === '/api/feed/authorize').length).toBe(66)
    const logged = JSON.stringify(stack.instance.lines)
    for (const secret of [key, right.slice('Basic '.length), wrong.slice('Basic '.length)]) expect(logged).not.toContain(secret)
  })
})
