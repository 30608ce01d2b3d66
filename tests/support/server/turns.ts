import type { Database } from '@/server/db/database'
import { lockSpace, waitingInLine } from '@/server/db/one-at-a-time'

/** A query on some connection to the test PostgreSQL server, giving its rows. */
type Rows = (sql: string, params: unknown[]) => Promise<unknown[]>

/** Whether some work waits for the turn on `key` (server/db/one-at-a-time.ts) on PostgreSQL: its advisory lock asked for and not yet granted. */
export async function waitingForLock(rows: Rows, key: string) {
  const [row] = (await rows("select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted and classid = $1 and objid = hashtext($2)::oid and objsubid = 2", [
    lockSpace,
    key,
  ])) as [{ waiting: number }]
  return row.waiting > 0
}

/** Whether some work waits for the turn on `key`, on either database: PGlite's turns are a line in this process. */
export const waitingForTurn = (db: Database, key: string) => (db.kind === 'pglite' ? Promise.resolve(waitingInLine(key) > 0) : waitingForLock((sql, params) => db.query(sql, params), key))

/**
 * Resolves once `work` has settled or `waits()` says it waits for its turn, whichever comes first:
 * the moment a test may let the turn before it go on, to see which answer lands last. Looks again
 * every few milliseconds; never decides by the clock.
 */
export async function untilSettledOrWaiting(work: PromiseLike<unknown> | unknown, waits: () => Promise<boolean>) {
  let settled = false
  void Promise.resolve(work).then(
    () => (settled = true),
    () => (settled = true),
  )
  while (!settled && !(await waits())) await new Promise((resolve) => setTimeout(resolve, 5))
}
