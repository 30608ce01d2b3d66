import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database } from '@/server/db/database'
import { migrations, productMigrations, runMigrations } from '@/server/db/migrations'
import { feedPolicy } from '@/server/licensing/feed-policy'
import { unmigratedDatabases } from '@/tests/support/server/database'

/**
 * Migration 21 on a database of before the feed's terms: every subscription gets its plan's rule
 * as the policy table reads today, and its paid-until date from its period.
 */
describe.each(unmigratedDatabases)('the feed terms migrated into an existing database on $name', ({ open }) => {
  let db: Database
  beforeAll(async () => {
    db = await open()
  })
  afterAll(() => db.close())

  it("writes the policy table's rule for every subscription there is, and the end of its last paid period", async () => {
    await runMigrations(db, { ...productMigrations, migrations: migrations.filter((migration) => migration.version < 21) })
    await db.query(`insert into accounts (oid, email) values ('a', 'a@example.com'), ('b', 'b@example.com'), ('c', 'c@example.com')`)
    await db.query(`insert into subscriptions (id, owner_oid, price_id, quantity, current_period_end, status) values
      ('plus', 'a', 'commercial-plus', 2, '2027-03-01T00:00:00Z', 'active'),
      ('ended', 'b', 'commercial-plus', 1, '2026-05-31T23:59:59Z', 'canceled'),
      ('due', 'b', 'commercial', 1, '2027-02-01T00:00:00Z', 'past_due'),
      ('community', 'c', 'community', 1, '2027-01-01T00:00:00Z', 'active')`)
    await runMigrations(db, productMigrations)
    const rows = await db.query<{ id: string; price_id: 'commercial-plus' | 'commercial' | 'community'; packages: string[]; expiry_strategy: string; paid_until: Date }>(
      'select subscriptions.id, price_id, packages, expiry_strategy, paid_until from subscriptions join feed_rules on feed_rules.subscription_id = subscriptions.id order by subscriptions.id',
    )
    expect(rows.map((row) => row.id)).toEqual(['community', 'due', 'ended', 'plus'])
    for (const row of rows) expect({ packages: row.packages, strategy: row.expiry_strategy }).toEqual({ packages: [...feedPolicy[row.price_id].packages], strategy: feedPolicy[row.price_id].strategy })
    expect(Object.fromEntries(rows.map((row) => [row.id, row.paid_until.toISOString()]))).toEqual({
      community: '2027-01-01T00:00:00.000Z',
      // Past due: the current period is the unpaid renewal; the year before it was paid.
      due: '2026-02-01T00:00:00.000Z',
      ended: '2026-05-31T23:59:59.000Z',
      plus: '2027-03-01T00:00:00.000Z',
    })
  })
})
