import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '@/server/db/database'
import { databases } from '@/tests/support/server/database'

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
})
