import { randomUUID } from 'node:crypto'
import { log } from '../log'
import type { Database } from './database'

/** How often an instance says it is up, and after how long without a word it is taken for gone. */
export const heartbeatMs = 5_000
export const goneAfterSeconds = 15
const channel = 'instances'

/**
 * The instances of the server that are up, as each records itself in the `instances` table: a
 * heartbeat every few seconds that also counts the others (one statement, off the request path).
 * An instance that starts or stops tells the others at once (NOTIFY), so they count again before
 * their next heartbeat. `up()` is what the rate limits divide by; 1 until the first count.
 */
export async function trackInstances(db: Database) {
  const id = randomUUID()
  let up = 1
  const beat = async () => {
    try {
      const [row] = await db.query<{ up: number }>(
        `with me as (insert into instances (id, seen_at) values ($1, now()) on conflict (id) do update set seen_at = excluded.seen_at)
         select 1 + count(*)::int as up from instances where id <> $1 and seen_at > now() - make_interval(secs => $2)`,
        [id, goneAfterSeconds],
      )
      up = row?.up ?? 1
    } catch (error) {
      // The count stays as it was: the limits are the same as a moment ago.
      log.warn({ err: { message: (error as Error).message } }, 'instances not counted')
    }
  }
  await beat()
  await db.query("delete from instances where seen_at < now() - interval '1 hour'")
  const stopListening = await db.listen(channel, () => void beat())
  await db.query(`select pg_notify('${channel}', $1)`, [id])
  const timer = setInterval(() => void beat(), heartbeatMs)
  timer.unref()
  return {
    up: () => up,
    async stop() {
      clearInterval(timer)
      await stopListening()
      await db.query('delete from instances where id = $1', [id]).catch(() => {})
      await db.query(`select pg_notify('${channel}', $1)`, [id]).catch(() => {})
    },
  }
}
