import { describe, expect, it } from 'vitest'
import { type Database } from '@/server/db/database'
import { migrate, migrations } from '@/server/db/migrations'
import { seedIfEmpty } from '@/server/local/seed'
import { migrateSandbox, sandboxMigrations } from '@/server/local/sandbox/schema'
import { stripeSettings } from '@/tests/support/server/api-harness'
import { unmigratedDatabases, useDatabase } from '@/tests/support/server/database'

const sandboxTables = async (db: Database) =>
  (await db.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like 'sandbox\\_%' order by 1")).map(
    (row) => row.name,
  )

const theSandboxsTables = ['sandbox_events', 'sandbox_idempotency_keys', 'sandbox_migrations', 'sandbox_objects', 'sandbox_webhook_deliveries']

describe.each(unmigratedDatabases)("the product's migrations and the sandbox's, on $name", ({ open }) => {
  const database = useDatabase(open)

  it('the product alone creates no sandbox table in a new database', async () => {
    const db = database()
    expect(await migrate(db)).toEqual(migrations.map((migration) => migration.version))
    expect(await sandboxTables(db)).toEqual([])
  })

  it("the sandbox's migrations create its tables, recorded in a table of their own, once", async () => {
    const db = database()
    expect(await migrateSandbox(db)).toEqual(sandboxMigrations.migrations.map((migration) => migration.version))
    expect(await sandboxTables(db)).toEqual(theSandboxsTables)
    expect(await migrateSandbox(db)).toEqual([])
    expect(await migrate(db)).toEqual([])
  })

  it('a database migrated before version 11 loses its sandbox tables to the product migration; the local stack recreates them', async () => {
    const db = database()
    // As the product left it at version 10: the sandbox's tables from versions 2 to 5, no sandbox_migrations.
    await db.query('delete from schema_migrations where version = 11')
    await db.query('drop table sandbox_migrations')
    await db.query("insert into sandbox_objects (id, type, data) values ('cus_old', 'customer', '{}')")
    expect(await migrate(db)).toEqual([11])
    expect(await sandboxTables(db)).toEqual([])
    expect(await migrateSandbox(db)).toEqual([1])
    expect(await sandboxTables(db)).toEqual(theSandboxsTables)
  })

  it("a database from before keeps working locally: accounts beside a new sandbox are reset to the demo state, the sandbox's customers included", async () => {
    const db = database()
    expect(await seedIfEmpty(db, stripeSettings.prices, { sandboxIsNew: false })).toBe(true)
    await db.query("delete from sandbox_objects where type = 'customer'")
    expect(await seedIfEmpty(db, stripeSettings.prices, { sandboxIsNew: false })).toBe(false)
    expect(await seedIfEmpty(db, stripeSettings.prices, { sandboxIsNew: true })).toBe(true)
    const customers = await db.query<{ id: string }>("select id from sandbox_objects where type = 'customer' order by id")
    expect(customers.map((row) => row.id)).toEqual(['cus_demo_commercial', 'cus_demo_community', 'cus_demo_full', 'cus_demo_lapsed', 'cus_demo_plus'])
  })
})
