import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@/server/db/database'
import { databases } from '@/tests/support/server/database'

/**
 * Statements with parameters are prepared once per connection, on PGlite as on PostgreSQL
 * (decision 0027): the second run of a text binds the plan the first one made. What a statement
 * takes and gives is the same as unprepared: each parameter type written by the database
 * driver's serializers, each column read back by its parsers, and a refusal with its SQLSTATE.
 */
describe.each(databases)('statements prepared by name ($name)', (database) => {
  let db: Database
  beforeAll(async () => {
    db = await database.open()
    await db.query('create table prepared_probe (id int primary key, payload jsonb, at timestamptz, tags text[], note text)')
  })
  afterAll(() => db.close())

  /** The connection's prepared statements with this text (PGlite has one connection; the pool's first answers on PostgreSQL). */
  const preparedWith = async (text: string) => (await db.transaction((tx) => tx.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [text]))).map((row) => row.name)

  it('prepares a text once and runs it again by its name', async () => {
    const text = 'select id from prepared_probe where id = $1'
    await db.query(text, [1])
    await db.query(text, [2])
    // PGlite has one connection: the statement run outside a transaction is prepared on it, once.
    // (PostgreSQL's pool may have run it on any of its connections.)
    if (database.name === 'PGlite') expect(await preparedWith(text)).toHaveLength(1)
    // Inside a transaction, on one connection: the statement is prepared there, at most once.
    const names = await db.transaction(async (tx) => {
      await tx.query(text, [3])
      await tx.query(text, [4])
      return (await tx.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [text])).map((row) => row.name)
    })
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(/^prism_\d+$/)
  })

  it('plans a prepared statement once, for any parameters (decision 0038)', async () => {
    const text = 'select id from prepared_probe where id = $1 and note is distinct from $2'
    // On one connection: PostgreSQL's own rule would plan the first five runs for their parameters.
    const [plans] = await db.transaction(async (tx) => {
      for (let id = 1; id <= 7; id++) await tx.query(text, [id, `note ${id}`])
      return tx.query<{ generic: number; custom: number }>('select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1', [text])
    })
    expect(plans).toEqual({ generic: 7, custom: 0 })
  })

  it('writes and reads back JSON, dates, arrays and nulls as an unprepared statement does', async () => {
    const at = new Date('2026-11-26T06:30:00.123Z')
    await db.query('insert into prepared_probe (id, payload, at, tags, note) values ($1, $2, $3, $4, $5)', [10, { seats: 3, plan: 'commercial' }, at, ['a', 'b'], null])
    const [row] = await db.query<{ id: number; payload: unknown; at: Date; tags: string[]; note: string | null }>('select id, payload, at, tags, note from prepared_probe where id = $1', [10])
    expect(row).toEqual({ id: 10, payload: { seats: 3, plan: 'commercial' }, at, tags: ['a', 'b'], note: null })
  })

  it('refuses with the SQLSTATE, and the prepared statement still runs after the refusal', async () => {
    const insert = 'insert into prepared_probe (id, note) values ($1, $2)'
    await db.query(insert, [20, 'first'])
    await expect(db.query(insert, [20, 'again'])).rejects.toMatchObject({ code: '23505' })
    await expect(db.transaction((tx) => tx.query(insert, [20, 'in a transaction']))).rejects.toMatchObject({ code: '23505' })
    await db.query(insert, [21, 'after'])
    expect(await db.query('select note from prepared_probe where id = any($1) order by id', [[20, 21]])).toEqual([{ note: 'first' }, { note: 'after' }])
  })

  it('rolls back a prepared write with its transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into prepared_probe (id, note) values ($1, $2)', [30, 'rolled back'])
        throw new Error('the work failed')
      }),
    ).rejects.toThrow('the work failed')
    expect(await db.query('select id from prepared_probe where id = $1', [30])).toEqual([])
  })

  it('runs a statement that failed to prepare once it is right, and never names a bad text', async () => {
    const text = 'select id from prepared_probe_missing where id = $1'
    await expect(db.query(text, [1])).rejects.toMatchObject({ code: '42P01' })
    expect(await preparedWith(text)).toEqual([])
  })
})
