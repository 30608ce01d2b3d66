import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '@/server/db/migrations'
import { openPostgres } from '@/server/db/postgres'
import type { Database } from '@/server/db/database'
import { feedTokenReminderKey } from '@/server/feed/feed-token-expiry'
import { useProductionStack } from '@/tests/support/server/production-stack'

const databaseUrl = process.env.TEST_DATABASE_URL
const owner = { oid: 'tokens-owner', email: 'owner@tokens.example.com' }

// Production needs a PostgreSQL server: CI starts one (scripts/ci-postgres.sh); without it these are skipped.
describe.skipIf(!databaseUrl)('feed tokens in production mode (server/production.ts) on PostgreSQL', () => {
  let db: Database
  const stack = useProductionStack('tokens', {
    settings: () => ({ LOG_LEVEL: 'trace' }),
    beforeStart: async (env) => {
      db = await openPostgres(env.DATABASE_URL!)
      await migrate(db)
      await db.query("insert into accounts (oid, email, first_name, last_name) values ($1, $2, 'Olga', 'Owner')", [owner.oid, owner.email])
      await db.query(
        "insert into subscriptions (id, owner_oid, price_id, quantity, stripe_subscription_id, current_period_end) values ('sub_tokens', $1, 'commercial-plus', 1, 'sub_tokens', now() + interval '1 year')",
        [owner.oid],
      )
      // One token due for its reminder, one expired: the instance's mail worker looks as it starts.
      await db.query(
        `insert into feed_tokens (id, subscription_id, created_by_oid, name, secret_sha256, last4, created_at, expires_at) values
           ('ftok_remindme000', 'sub_tokens', $1, 'Nightly', sha256('a'), 'aaaa', now() - interval '300 days', now() + interval '10 days'),
           ('ftok_expired0000', 'sub_tokens', $1, 'Old CI', sha256('b'), 'bbbb', now() - interval '400 days', now() - interval '1 day')`,
        [owner.oid],
      )
    },
  })
  afterAll(() => db?.close())

  const call = async (method: string, path: string, body?: unknown) =>
    fetch(`${stack.instance.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${await stack.tenant.token(owner)}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('runs the feed-token jobs from its mail worker: the reminder queued and the expiry recorded, once', async () => {
    await expect.poll(async () => (await db.query('select 1 from mail_outbox where dedupe_key = $1', [feedTokenReminderKey('ftok_remindme000')])).length, { timeout: 10_000 }).toBe(1)
    await expect.poll(async () => (await db.query("select token_name from activity where kind = 'feed-token-expired'")).map((row) => row.token_name), { timeout: 10_000 }).toEqual(['Old CI'])
  })

  it('makes, lists and revokes a token, and never writes its secret to the log, even at trace level', async () => {
    const made = await call('POST', '/feed-tokens', { name: 'GitHub Actions', expiresInDays: 90 })
    expect(made.status).toBe(201)
    expect(made.headers.get('cache-control')).toBe('no-store')
    const { token, secret } = (await made.json()) as { token: { id: string }; secret: string }
    const listed = await call('GET', '/feed-tokens')
    expect(await listed.text()).not.toContain(secret.slice(4, -4))
    expect((await call('DELETE', `/feed-tokens/${token.id}`)).status).toBe(204)
    expect((await call('DELETE', `/feed-tokens/${token.id}`)).status).toBe(404)
    await expect.poll(() => stack.instance.lines.filter((line) => String((line.req as { path?: string } | undefined)?.path).startsWith('/api/feed-tokens')).length).toBe(4)
    expect(JSON.stringify(stack.instance.lines)).not.toContain(secret.slice(4, -4))
  })
})
