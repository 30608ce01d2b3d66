import type { Database, Queryable } from './database'

/** The first half of the two-key advisory locks taken here ("pris"); the migrations' lock is a one-key lock, which never meets these. */
export const lockSpace = 0x70726973
/** How long a turn waits for the one before it: past it the work fails (a webhook then answers 5xx and Stripe delivers again). */
export const lockWaitSeconds = 15
/** At most this many of an instance's connections wait on the network under a lock at once: the rest of its pool stays free for requests. */
const maxHeldConnections = 4

/** Work waiting for its turn here: a promise per key, the last in line. */
const lines = new Map<string, Promise<unknown>>()
/** How many pieces of work wait in a line, per key. */
const waiting = new Map<string, number>()
const countWaiting = (key: string, by: 1 | -1) => {
  const now = (waiting.get(key) ?? 0) + by
  if (now) waiting.set(key, now)
  else waiting.delete(key)
}

/** How many pieces of work wait in this process's line on `key` (PGlite's turns): a test waits for one to, rather than for a fixed time. */
export const waitingInLine = (key: string) => waiting.get(key) ?? 0

/** Runs `work` after the work queued on the same key in this process has finished. */
function inLine<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = lines.get(key) ?? Promise.resolve()
  countWaiting(key, 1)
  const start = () => {
    countWaiting(key, -1)
    return work()
  }
  const mine = before.then(start, start)
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  lines.set(key, settled)
  void settled.then(() => {
    if (lines.get(key) === settled) lines.delete(key)
  })
  return mine
}

/** At most `limit` pieces of work at once in this process. */
function bounded(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
const holdingConnections = bounded(maxHeldConnections)

/** The database clock as text, to the microsecond (a JavaScript date would keep only the milliseconds). */
const clock = async (q: Queryable) => (await q.query<{ now: string }>('select clock_timestamp()::text as now'))[0]!.now

/**
 * One turn at a time per key, across every instance on the database: the lock is taken, then
 * `ask` runs (a question to Stripe), then `apply` writes the answer in a transaction. Whoever asks
 * after another has applied hears at least what that one heard, so an older answer never lands
 * over a newer one. `askedAt` is the database clock once the lock is held, before asking.
 *
 * `ask` is given the turn's transaction on PostgreSQL: a row it locks before asking (the owner's, so
 * that a rule about seats is decided under the lock assignments take) stays locked until the answer
 * is applied. On PGlite it is given the database itself: one process, one connection, no other instance.
 *
 * PostgreSQL: a transaction-level advisory lock on (lockSpace, hashtext(key)), held while Stripe is
 * asked (the connection waits on the network, at most `maxHeldConnections` of them per instance) and
 * released by the commit or by the connection's end. PGlite: one process owns the data directory
 * (server/local/data-lock.ts), so a line per key in this process is the whole story; its one
 * connection is not held while asking, as the local sandbox answering the question uses it too.
 */
export async function oneAtATime<A, R>(db: Database, key: string, ask: (turn: Queryable) => Promise<A>, apply: (tx: Queryable, answer: A, askedAt: string) => Promise<R>): Promise<R> {
  if (db.kind === 'pglite')
    return inLine(key, async () => {
      const askedAt = await clock(db)
      const answer = await ask(db)
      return db.transaction((tx) => apply(tx, answer, askedAt))
    })
  return holdingConnections(() =>
    db.transaction(async (tx) => {
      // One round trip: PostgreSQL evaluates a select list in order, so the clock is read once the lock is held.
      const [{ now: askedAt }] = (await tx.query<{ now: string }>(
        `select set_config('lock_timeout', '${lockWaitSeconds}s', true), pg_advisory_xact_lock($1, hashtext($2)), clock_timestamp()::text as now`,
        [lockSpace, key],
      )) as [{ now: string }]
      return apply(tx, await ask(tx), askedAt)
    }),
  )
}
