import type { Database, Queryable } from '@/server/db/database'
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

/** How many backends wait for the one of `pid`, or for one that waits for it (a second waiter for a row queues behind the first). */
async function waitingBehind(db: Queryable, pid: number) {
  const blocked = await db.query<{ pid: number; blockers: number[] }>("select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity where wait_event_type = 'Lock'")
  const behind = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const row of blocked)
      if (!behind.has(row.pid) && row.blockers.some((blocker) => behind.has(blocker))) {
        behind.add(row.pid)
        grew = true
      }
  }
  return behind.size - 1
}

/** Thrown to roll the holding transaction back once its work is done. */
class LetGo extends Error {}

/**
 * Starts `works` at once behind a transaction of the test's own that holds what they need (`hold`:
 * row locks, or a row not yet committed), lets it go (rolls it back) once every one of them waits
 * for it in pg_locks, or has finished, and answers their results. So each has read what it read
 * before any of them writes: what two people doing the same at the same moment meet. PostgreSQL only
 * (PGlite runs one transaction at a time).
 */
export async function atOnceBehindHeldRows<T>(db: Database, hold: (tx: Queryable) => Promise<unknown>, works: (() => Promise<T>)[]): Promise<T[]> {
  if (db.kind !== 'postgresql') throw new Error('atOnceBehindHeldRows needs PostgreSQL')
  let started: Promise<T>[] = []
  try {
    await db.transaction(async (tx) => {
      await hold(tx)
      const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }]
      started = works.map((work) => work())
      await untilSettledOrWaiting(Promise.all(started), async () => (await waitingBehind(db, pid)) >= works.length)
      throw new LetGo()
    })
  } catch (error) {
    if (!(error instanceof LetGo)) throw error
  }
  return Promise.all(started)
}
