import { expect, it } from 'vitest'
import { isDatabaseBusy, openPostgres } from '@/server/db/postgres'

const url = process.env.TEST_DATABASE_URL

/**
 * A runaway statement and a pool with no free connection each end in a bounded time on PostgreSQL
 * (issue 48): the statement is cancelled, the request waiting for a connection gives up, and both
 * are the failure the API answers 503 (server/api/error-mapping.ts), never a request left hanging.
 */
it.runIf(url)('cancels a statement past its timeout and stops waiting for a connection past the pool wait, as a busy database', async () => {
  const db = await openPostgres(url!, { poolSize: 1, statementTimeoutMs: 300, poolWaitMs: 300 })
  try {
    const started = performance.now()
    const runaway = await db.query('select pg_sleep(5)').catch((error: unknown) => error)
    expect(isDatabaseBusy(runaway), String(runaway)).toBe(true)
    expect(performance.now() - started).toBeLessThan(2_000)
    // The one connection held by a transaction that waits: the next request gives up.
    let hold = () => {}
    const held = db.transaction(async (tx) => {
      await tx.query('select 1')
      await new Promise<void>((resolve) => (hold = resolve))
    })
    const waited = await db.query('select 1').catch((error: unknown) => error)
    hold()
    await held
    expect(isDatabaseBusy(waited), String(waited)).toBe(true)
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }])
  } finally {
    await db.close()
  }
})
