import { describe, expect, it } from 'vitest'
import { migrations, productMigrations, runMigrations } from '@/server/db/migrations'
import { readStanding } from '@/server/organisations/standing'
import { unmigratedDatabases, useDatabase } from '@/tests/support/server/database'

/**
 * Migration 16 on a database of before organisations: every account that owns a subscription
 * becomes its organisation's first owner, and a seat whose email names exactly one account is
 * bound to it; everything else stands as before.
 */
describe.each(unmigratedDatabases)('organisations migrated into an existing database on $name', ({ open }) => {
  const database = useDatabase(open)

  it('makes each owner of a subscription an owner, binds the seats of known people, and leaves the rest', async () => {
    const db = database()
    await runMigrations(db, { ...productMigrations, migrations: migrations.filter((migration) => migration.version < 16) })
    await db.query(
      `insert into accounts (oid, email) values ('own', 'own@example.com'), ('dev', 'dev@example.com'), ('twin1', 'twin@example.com'), ('twin2', 'TWIN@example.com'), ('none', 'none@example.com')`,
    )
    await db.query(`insert into subscriptions (id, owner_oid, price_id, quantity, current_period_end) values ('sub', 'own', 'commercial', 4, now() + interval '1 year')`)
    await db.query(`insert into seats (id, subscription_id, license_key, assignee_first_name, assignee_last_name, assignee_email, assigned_at) values
      ('s1', 'sub', 'k1', 'Own', 'Er', 'own@example.com', now()), ('s2', 'sub', 'k2', 'Dev', 'One', 'DEV@example.com', now()),
      ('s3', 'sub', 'k3', 'Twin', 'Two', 'twin@example.com', now()), ('s4', 'sub', 'k4', null, null, null, null)`)
    expect(await runMigrations(db, productMigrations)).toEqual(migrations.filter((migration) => migration.version >= 16).map((migration) => migration.version))
    expect(await db.query('select member_oid, org_oid, role from memberships')).toEqual([{ member_oid: 'own', org_oid: 'own', role: 'owner' }])
    expect(await db.query('select id, holder_oid from seats order by id')).toEqual([
      { id: 's1', holder_oid: 'own' },
      { id: 's2', holder_oid: 'dev' },
      // Two accounts share the email: the first of them to sign in binds it.
      { id: 's3', holder_oid: null },
      { id: 's4', holder_oid: null },
    ])
    expect(await readStanding(db, 'own')).toEqual({ organisation: 'own', role: 'owner', personal: false })
    expect(await readStanding(db, 'none')).toEqual({ organisation: 'none', role: 'owner', personal: true })
  })
})
