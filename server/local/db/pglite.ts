import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Database, NamedStatement } from '@/server/db/database'
import { plannerSettings } from '@/server/db/statement-names'
import { preparedStatements } from './pglite-prepared'

/** PostgreSQL in WebAssembly, in a folder (or in memory without one). One connection, so work is serialised. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const db = new PGlite(dataDir)
  await db.waitReady
  return pgliteDatabase(db)
}

/**
 * PGlite's work in slices of the event loop. PGlite runs in this thread, and statements queued on
 * its one connection would run back to back in promise callbacks, holding the loop for as long as
 * the queue lasts: libuv accepts one connection per turn of the loop, so under load new connections
 * waited seconds in the kernel's queue (the bench's timeouts). Statements and transactions run in
 * order as before, but after `sliceMs` of them the loop gets a turn (to accept, read and answer).
 */
function slicedQueue(sliceMs = 10) {
  const waiting: (() => Promise<void>)[] = []
  let running = false
  async function drain() {
    running = true
    let sliceStart = performance.now()
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      await next()
      if (performance.now() - sliceStart >= sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve))
        sliceStart = performance.now()
      }
    }
    running = false
  }
  return function run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => work().then(resolve, reject))
      if (!running) void drain()
    })
  }
}

/** The API's view of a PGlite that is ready. */
export function pgliteDatabase(db: PGlite): Database {
  const inTurn = slicedQueue()
  const run = preparedStatements(db)
  // First in its queue, before any statement of the API's (a PGlite that refuses it refuses those too, and they say so).
  void inTurn(() => db.exec(plannerSettings)).catch(() => {})
  const query = <T>(sql: string | NamedStatement, params: unknown[] = []) => inTurn(() => run<T>(db, sql, params))
  return {
    kind: 'pglite',
    query,
    // PGlite's transaction holds its connection and commits or rolls back; the statements in it run
    // prepared as the others do.
    transaction: (work) => inTurn(() => db.transaction((tx) => work({ query: <T>(sql: string | NamedStatement, params: unknown[] = []) => run<T>(tx, sql, params) }))),
    withAdvisoryLock: (_key, work) => work(),
    listen: async (channel, onNotify) => {
      const stop = await db.listen(channel, () => onNotify())
      onNotify()
      return stop
    },
    close: () => db.close(),
  }
}
