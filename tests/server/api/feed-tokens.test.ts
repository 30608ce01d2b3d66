import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { beforeEach, expect, it } from 'vitest'
import { createdFeedTokenSchema, feedTokenLimits, feedTokenUsername, feedTokensSchema, type FeedToken } from '@/common/contract'
import { workingTokenSql } from '@/server/feed/feed-tokens'
import { feedTokenDigest } from '@/server/feed/feed-token-secret'
import { hostileValues } from '@/testkit/hostile-values'
import { describeApi } from '@/tests/support/server/api-fixture'
import { join } from '@/tests/support/server/organisation'

const day = 86_400_000
const paula = 'plus@example.com'
const cara = 'commercial@example.com'
const conflictWords = 'Feed tokens need a live Commercial Plus subscription.'

describeApi('feed tokens on $name', (api) => {
  const create = (email: string, body: unknown) => api.call(email, 'POST', '/feed-tokens', body)
  const list = async (email: string) => {
    const answer = await api.call(email, 'GET', '/feed-tokens')
    expect(answer.status).toBe(200)
    return v.parse(feedTokensSchema, answer.body)
  }
  const revoke = (email: string, id: string) => api.call(email, 'DELETE', `/feed-tokens/${encodeURIComponent(id)}`)
  async function made(name: string, expiresInDays?: number) {
    const answer = await create(paula, { name, expiresInDays })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return v.parse(createdFeedTokenSchema, answer.body)
  }
  /** The id of the working token whose secret this is, as the feed check finds it; undefined when none works. */
  const working = async (secret: string) => (await api.db.query<{ id: string }>(workingTokenSql('$1'), [feedTokenDigest(secret)]))[0]?.id
  const setPlus = (change: string) => api.db.query(`update subscriptions set ${change} where id = 'sub_demo_plus'`)
  const latestActivity = async (email: string) => (await api.call(email, 'GET', '/account/activity?limit=1')).body.entries[0]

  beforeEach(async () => {
    await api.db.query('delete from feed_tokens')
    await setPlus("status = 'active', price_id = 'commercial-plus'")
  })

  it('makes a token for the owner of a live Commercial Plus subscription: the secret once, a year by default', async () => {
    const { token, secret } = await made('GitHub Actions')
    expect(secret).toMatch(/^pft_[\w-]{43}$/)
    expect(token).toMatchObject({ name: 'GitHub Actions', last4: secret.slice(-4), lastUsedAt: null })
    expect(token.id).toMatch(/^ftok_/)
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(feedTokenLimits.defaultDays * day)
    expect(Math.abs(Date.parse(token.createdAt) - Date.now())).toBeLessThan(60_000)
    expect(await list(paula)).toEqual([token])
    expect(await working(secret)).toBe(token.id)
    expect(await latestActivity(paula)).toMatchObject({ kind: 'feed-token-created', actor: { name: 'Paula Plus', email: paula }, priceId: 'commercial-plus', tokenName: 'GitHub Actions' })
  })

  it('lets CI into the feed with the user name token and the secret, shows when it last did, and stops at once when revoked', async () => {
    const { token, secret } = await made('GitHub Actions')
    const authorize = async () => {
      const basic = `Basic ${Buffer.from(`${feedTokenUsername}:${secret}`).toString('base64')}`
      return (await api.app.request('/api/feed/authorize', { headers: { Authorization: basic } })).status
    }
    expect(await authorize()).toBe(204)
    await api.feedUsage.flush()
    const [listed] = await list(paula)
    expect(Math.abs(Date.parse(listed!.lastUsedAt!) - Date.now())).toBeLessThan(60_000)
    expect((await revoke(paula, token.id)).status).toBe(204)
    expect(await authorize()).toBe(401)
  })

  it('keeps only the secret’s SHA-256 and last four characters: the secret is in no column, nor in the list', async () => {
    const { token, secret } = await made('Build server', 30)
    const [row] = await api.db.query<Record<string, unknown>>('select * from feed_tokens where id = $1', [token.id])
    expect(Buffer.from(row!.secret_sha256 as Uint8Array).equals(createHash('sha256').update(secret).digest())).toBe(true)
    const stored = JSON.stringify(Object.values(row!).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value))))
    expect(stored).not.toContain(secret.slice(4, -4))
    expect(JSON.stringify(await api.call(paula, 'GET', '/feed-tokens'))).not.toContain(secret.slice(4))
    expect(JSON.stringify(await api.call(paula, 'GET', '/account/activity'))).not.toContain(secret.slice(4))
  })

  it('lists newest first, expired tokens with their expiry, revoked ones not at all, and each owner only their own', async () => {
    const first = await made('First', 1)
    const second = await made('Second', 730)
    const third = await made('Third')
    await api.db.query("update feed_tokens set created_at = created_at - interval '2 days', expires_at = expires_at - interval '2 days' where id = $1", [first.token.id])
    expect((await revoke(paula, third.token.id)).status).toBe(204)
    const listed = await list(paula)
    expect(listed.map((token) => token.name)).toEqual(['Second', 'First'])
    expect(Date.parse(listed[1]!.expiresAt)).toBeLessThan(Date.now())
    expect(Date.parse(second.token.expiresAt) - Date.parse(second.token.createdAt)).toBe(730 * day)
    expect(await working(first.secret), 'expired').toBeUndefined()
    expect(await working(third.secret), 'revoked').toBeUndefined()
    expect(await list(cara)).toEqual([])
    expect(await list('dev1@example.com')).toEqual([])
  })

  it.each([
    ['Commercial', cara],
    ['no subscription', 'nolicense@example.com'],
    ['a seat holder who owns nothing', 'dev1@example.com'],
  ])('refuses a token without a live Commercial Plus subscription of one’s own (%s): 409 in words', async (_case, email) => {
    expect(await create(email, { name: 'CI' })).toMatchObject({ status: 409, body: { message: conflictWords } })
  })

  it('makes tokens while the subscription is past due (still live), not once it has ended, nor on another plan', async () => {
    await setPlus("status = 'past_due'")
    expect((await create(paula, { name: 'Past due' })).status).toBe(201)
    for (const change of ["status = 'canceled'", "status = 'incomplete'", "status = 'active', price_id = 'commercial'"]) {
      await setPlus(change)
      expect(await create(paula, { name: 'CI' }), change).toMatchObject({ status: 409, body: { message: conflictWords } })
    }
  })

  it('keeps naming its subscription whoever holds its seats and whatever its standing: what it opens is that subscription’s coverage (feed-v3.test.ts)', async () => {
    const { secret } = await made('CI')
    await api.db.query("update seats set assignee_email = null, assignee_first_name = null, assignee_last_name = null, assigned_at = null where subscription_id = 'sub_demo_plus'")
    expect(await working(secret), 'no seat held').toBeDefined()
    for (const change of ["status = 'past_due'", "status = 'unpaid'", "status = 'paused'", "status = 'trialing'"]) {
      await setPlus(change)
      expect(await working(secret), change).toBeDefined()
    }
    expect(await working(`${secret}x`)).toBeUndefined()
  })

  it(`holds at most ${feedTokenLimits.perSubscription} tokens in use per subscription; revoked and expired ones make room`, async () => {
    const tokens = []
    for (let index = 0; index < feedTokenLimits.perSubscription; index++) tokens.push(await made(`CI ${index}`))
    const refused = await create(paula, { name: 'One too many' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain(`at most ${feedTokenLimits.perSubscription} feed tokens`)
    expect((await revoke(paula, tokens[0]!.token.id)).status).toBe(204)
    expect((await create(paula, { name: 'In its place' })).status).toBe(201)
    await api.db.query("update feed_tokens set expires_at = now() - interval '1 second' where id = $1", [tokens[1]!.token.id])
    expect((await create(paula, { name: 'After an expiry' })).status).toBe(201)
    expect((await create(paula, { name: 'Full again' })).status).toBe(409)
  })

  it('holds the limit under concurrent requests', async () => {
    const answers = await Promise.all(Array.from({ length: feedTokenLimits.perSubscription + 5 }, (_, index) => create(paula, { name: `Parallel ${index}` })))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(feedTokenLimits.perSubscription)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5)
  })

  it('revokes at once and records it; again, another owner’s token, or an id that is no id answers 404 in words', async () => {
    const revocations = async () => (await api.call(paula, 'GET', '/account/activity?limit=100')).body.entries.filter((entry: { kind: string }) => entry.kind === 'feed-token-revoked').length
    const before = await revocations()
    const { token, secret } = await made('Leaked')
    expect((await revoke(cara, token.id)).status, 'another owner').toBe(404)
    expect(await working(secret)).toBe(token.id)
    const answer = await revoke(paula, token.id)
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect(await working(secret)).toBeUndefined()
    expect(await latestActivity(paula)).toMatchObject({ kind: 'feed-token-revoked', actor: { name: 'Paula Plus', email: paula }, tokenName: 'Leaked' })
    for (const id of [token.id, 'ftok_unknownid123', 'not-an-id', 'ftok_\u0000bcdefghijk', 'x'.repeat(5_000), "'; drop table feed_tokens; --"])
      expect(await revoke(paula, id), id.slice(0, 20)).toMatchObject({ status: 404, body: { message: 'The feed token was not found.' } })
    expect(await revocations(), 'recorded once').toBe(before + 1)
  })

  it("shows each token's creator, and whether they still manage feed tokens; revokes all of one person's tokens at once, each recorded (offboarding)", async () => {
    const sam = 'token.maker@example.com'
    await join(api, paula, sam, 'seat-manager')
    const samOid = (await api.call(sam, 'GET', '/organisation')).body.members.find((member: { email: string }) => member.email === sam).oid as string
    const samsSecrets: string[] = []
    for (const name of ['Sam CI', 'Sam deploy']) {
      const answer = await create(sam, { name })
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      samsSecrets.push(v.parse(createdFeedTokenSchema, answer.body).secret)
    }
    const paulas = await made('Paula CI')
    const creators = async () => (await list(paula)).map((token) => [token.name, token.createdBy.email, token.createdBy.managesTokens])
    expect((await list(paula)).find((token) => token.name === 'Sam CI')!.createdBy).toEqual({ oid: samOid, name: 'New Member', email: sam, managesTokens: true })
    expect(await creators()).toEqual([
      ['Paula CI', paula, true],
      ['Sam deploy', sam, true],
      ['Sam CI', sam, true],
    ])
    // Demoted to billing manager, then removed: their tokens still work, and the list says whose they are.
    expect((await api.call(paula, 'PUT', `/organisation/members/${samOid}`, { role: 'billing-manager' })).status).toBe(200)
    expect((await creators()).filter(([, email]) => email === sam).map(([, , manages]) => manages)).toEqual([false, false])
    expect((await api.call(paula, 'DELETE', `/organisation/members/${samOid}`)).status).toBe(204)
    expect((await creators()).filter(([, email]) => email === sam).map(([, , manages]) => manages)).toEqual([false, false])
    for (const secret of samsSecrets) expect(await working(secret)).toBeDefined()

    const revokeBy = (email: string, body: unknown) => api.call(email, 'POST', '/feed-tokens/revoke-by-creator', body)
    expect(await revokeBy(cara, { oid: samOid }), "another organisation's owner: none of theirs").toMatchObject({ status: 200, body: { revoked: 0 } })
    for (const secret of samsSecrets) expect(await working(secret)).toBeDefined()
    expect(await revokeBy(paula, { oid: samOid })).toMatchObject({ status: 200, body: { revoked: 2 } })
    for (const secret of samsSecrets) expect(await working(secret), 'revoked at once').toBeUndefined()
    expect(await working(paulas.secret)).toBe(paulas.token.id)
    expect(await creators()).toEqual([['Paula CI', paula, true]])
    const revoked = (await api.call(paula, 'GET', '/account/activity?limit=3')).body.entries.slice(0, 2)
    expect(revoked.map((entry: { kind: string; tokenName: string }) => [entry.kind, entry.tokenName]).sort()).toEqual([
      ['feed-token-revoked', 'Sam CI'],
      ['feed-token-revoked', 'Sam deploy'],
    ])
    expect(await revokeBy(paula, { oid: samOid }), 'again: nothing left').toMatchObject({ status: 200, body: { revoked: 0 } })
    for (const body of [{}, { oid: '' }, { oid: 42 }, { oid: 'x'.repeat(129) }]) expect((await revokeBy(paula, body)).status, JSON.stringify(body)).toBe(422)
  })

  it.each([
    [{}, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 42 }, 'Name must be text'],
    [{ name: 'x'.repeat(feedTokenLimits.name + 1) }, `Name must be at most ${feedTokenLimits.name} characters`],
    [{ name: 'CI\u0000' }, 'Name holds a character that cannot be stored'],
    [{ name: 'CI', expiresInDays: 0 }, 'Expiry must be at least 1 day'],
    [{ name: 'CI', expiresInDays: feedTokenLimits.maxDays + 1 }, `Expiry must be at most ${feedTokenLimits.maxDays} days`],
    [{ name: 'CI', expiresInDays: 1.5 }, 'Expiry must be a whole number of days'],
    [{ name: 'CI', expiresInDays: '30' }, 'Expires in days must be a number'],
    [{ name: 'CI', expiresInDays: null }, 'Expires in days must be a number'],
  ])('refuses a bad request with 422 in words, and makes nothing: %j', async (body, message) => {
    const answer = await create(paula, body)
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain(message)
    expect(await list(paula)).toEqual([])
  })

  it('refuses what is not a JSON object in words (400, 415), never a 500', async () => {
    expect(await api.call(paula, 'POST', '/feed-tokens', '{"name":')).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
    expect(await api.call(paula, 'POST', '/feed-tokens', '["CI"]')).toMatchObject({ status: 400 })
    expect(await api.call(paula, 'POST', '/feed-tokens', 'name=CI', { 'Content-Type': 'text/plain' })).toMatchObject({ status: 415 })
    expect((await api.call(paula, 'DELETE', '/feed-tokens/ftok_unknownid123', '{"x":')).status).toBe(400)
  })

  it('stores any name as sent, trimmed, to the limit', async () => {
    const names = [...Object.values(hostileValues).filter((name) => name.length <= feedTokenLimits.name), 'x'.repeat(feedTokenLimits.name), '=HYPERLINK("http://evil")']
    for (const name of names) expect((await made(name)).token.name).toBe(name)
    expect((await made('  CI  ')).token.name).toBe('CI')
    expect((await list(paula)).map((token: FeedToken) => token.name)).toEqual(['CI', ...names.reverse()])
  })

  it('needs a signed-in caller with the scope: 401 without a token, 403 to read-only for writes', async () => {
    expect((await api.call(null, 'GET', '/feed-tokens')).status).toBe(401)
    expect((await api.call(null, 'POST', '/feed-tokens', { name: 'CI' })).status).toBe(401)
    const readOnly = await api.token(paula, { scp: 'accounts.read' })
    const answer = await api.app.request('/api/feed-tokens/ftok_unknownid123', { method: 'DELETE', headers: { Authorization: `Bearer ${readOnly}` } })
    expect(answer.status).toBe(403)
  })
})
