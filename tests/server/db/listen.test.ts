import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '@/server/db/database'
import { log } from '@/server/log'
import { openPostgres } from '@/server/db/postgres'
import { databases } from '@/tests/support/server/database'
import { startSilencingProxy } from '@/tests/support/server/silencing-proxy'

/** A channel no other test file listens on (letters only, as channel names must be). */
const channelName = () => `test_listen_${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`

describe.each(databases)('notifications on $name', ({ name, open }) => {
  let db: Database | undefined
  let stop: (() => Promise<void>) | undefined
  afterEach(async () => {
    await stop?.()
    await db?.close()
    ;[db, stop] = [undefined, undefined]
  })

  it('calls the listener once as listening begins, then once the notifying transaction commits, and not after it stops listening', async () => {
    db = await open()
    const channel = channelName()
    const heard = vi.fn()
    stop = await db.listen(channel, heard)
    expect(heard).toHaveBeenCalledTimes(1)
    await db.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', [channel, ''])
      expect(heard).toHaveBeenCalledTimes(1)
    })
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 3_000, interval: 20 })
    await stop()
    // A listener still listening hears the next notification: once it has, the stopped one would have too.
    const other = vi.fn()
    stop = await db.listen(channel, other)
    await db.query('select pg_notify($1, $2)', [channel, ''])
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(2), { timeout: 3_000, interval: 20 })
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it.runIf(name === 'PostgreSQL')('listens again after its connection is dropped, and says so once for what it may have missed', async () => {
    db = await open()
    const channel = channelName()
    const heard = vi.fn()
    stop = await db.listen(channel, heard)
    expect(heard).toHaveBeenCalledTimes(1)
    // The server ends the listening connection, as a restart or a failover would.
    const [ended] = await db.query<{ ended: boolean }>("select pg_terminate_backend(pid) as ended from pg_stat_activity where query = 'listen ' || $1", [channel])
    expect(ended?.ended).toBe(true)
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 5_000, interval: 50 })
    await db.query('select pg_notify($1, $2)', [channel, ''])
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(3), { timeout: 3_000, interval: 20 })
  })

  it.runIf(name === 'PostgreSQL')('finds out that its connection no longer answers, though nothing closed it, and listens again, saying so', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!)
    const proxy = await startSilencingProxy({ host: server.hostname, port: Number(server.port) })
    const warned = vi.spyOn(log, 'warn')
    // The listener goes through the proxy; notifications are sent on a connection of their own.
    const listening = await openPostgres(proxy.through(process.env.TEST_DATABASE_URL!), { listenCheckMs: 200 })
    try {
      db = await open()
      const channel = channelName()
      const heard = vi.fn()
      stop = await listening.listen(channel, heard)
      expect(heard).toHaveBeenCalledTimes(1)
      expect(proxy.silence(`listen ${channel}`)).toBe(1)
      // A notification the silenced connection never delivers: listening again says so once.
      await db.query('select pg_notify($1, $2)', [channel, ''])
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 3_000, interval: 20 })
      expect(warned).toHaveBeenCalledWith({ channel, reason: 'no answer' }, 'database notifications lost: listening again')
      // The new connection hears what comes next.
      await db.query('select pg_notify($1, $2)', [channel, ''])
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(3), { timeout: 3_000, interval: 20 })
    } finally {
      warned.mockRestore()
      await stop?.()
      stop = undefined
      await listening.close()
      await proxy.close()
    }
  })
})
