import { describe, expect, it, vi } from 'vitest'
import { type Database } from '@/server/db/database'
import { openPostgres } from '@/server/db/postgres'

const url = process.env.TEST_DATABASE_URL
const schema = () => `test_drop_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`

/** Ends a server process as an administrator or a failover does, and waits until it is gone. */
async function terminate(db: Database, pid: number) {
  await db.query('select pg_terminate_backend($1)', [pid])
  await vi.waitFor(async () => expect(await db.query('select 1 from pg_stat_activity where pid = $1', [pid])).toEqual([]), { timeout: 5_000, interval: 20 })
}

describe.runIf(url)('a PostgreSQL connection dropped in the middle of work', () => {
  it('fails the transaction in hand, not the process, and the next transaction gets a working connection', async () => {
    const db = await openPostgres(url!, { schema: schema(), poolSize: 2 })
    try {
      const outcome = await db
        .transaction(async (tx) => {
          const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }]
          await terminate(db, pid)
          await tx.query('select 1')
        })
        .then(
          () => 'committed',
          (error: Error) => error.message,
        )
      expect(outcome, 'the transaction failed').toMatch(/terminat|connection/i)
      expect(await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'))).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
  })

  it('fails the work under an advisory lock the same way', async () => {
    const db = await openPostgres(url!, { schema: schema(), poolSize: 2 })
    try {
      const outcome = await db
        .withAdvisoryLock(4242, async () => {
          const [holder] = await db.query<{ pid: number }>("select pid from pg_locks where locktype = 'advisory' and objid = 4242 and granted")
          await terminate(db, holder!.pid)
          // The lock's own connection is gone; the unlock in `finally` fails quietly and the connection is not reused.
        })
        .then(() => 'done')
      expect(outcome).toBe('done')
      expect(await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'))).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
  })
})
