import { describe, expect, it } from 'vitest'
import type { Queryable } from '@/server/db/database'
import { createFeedUsage } from '@/server/feed/feed-usage'

/** A database handle that only records what it is asked, and a clock the test moves. */
function recording() {
  const statements: { sql: string; ids: string[] }[] = []
  const db: Queryable = {
    query: async <T>(sql: unknown, params: unknown[] = []) => {
      statements.push({ sql: String(sql), ids: [...(params[0] as string[])].sort() })
      return [] as T[]
    },
  }
  let at = 1_000_000
  return { db, statements, now: () => at, wait: (ms: number) => (at += ms) }
}

describe('when the feed last let a seat or token in', () => {
  it('writes nothing on the check itself, then one statement a kind for every seat and token let in since the last write', async () => {
    const { db, statements, now } = recording()
    const usage = createFeedUsage(db, now)
    usage.note({ kind: 'seat', id: 'seat_1' })
    usage.note({ kind: 'seat', id: 'seat_2' })
    usage.note({ kind: 'token', id: 'ft_1' })
    expect(statements, 'on the hot path').toEqual([])
    await usage.flush()
    expect(statements).toEqual([
      { sql: expect.stringContaining('update seats set last_feed_access_at = now()'), ids: ['seat_1', 'seat_2'] },
      { sql: expect.stringContaining('update feed_tokens set last_used_at = now()'), ids: ['ft_1'] },
    ])
    await usage.flush()
    expect(statements, 'nothing new: nothing written').toHaveLength(2)
    await usage.stop()
  })

  it('marks each seat or token at most once a minute', async () => {
    const { db, statements, now, wait } = recording()
    const usage = createFeedUsage(db, now)
    usage.note({ kind: 'seat', id: 'seat_1' })
    await usage.flush()
    wait(59_000)
    usage.note({ kind: 'seat', id: 'seat_1' })
    usage.note({ kind: 'token', id: 'seat_1' })
    await usage.flush()
    expect(statements.map((statement) => statement.ids)).toEqual([['seat_1'], ['seat_1']])
    expect(statements[1]!.sql, 'a token of the same id is another mark').toContain('feed_tokens')
    wait(1_000)
    usage.note({ kind: 'seat', id: 'seat_1' })
    await usage.stop()
    expect(
      statements.map((statement) => statement.ids),
      'a minute later, and written when stopped',
    ).toEqual([['seat_1'], ['seat_1'], ['seat_1']])
  })

  it('marks again at the next use when a write failed', async () => {
    const { db, statements, now } = recording()
    let failing = true
    const flaky: Queryable = { query: async (sql: unknown, params?: unknown[]) => (failing ? Promise.reject(new Error('connection lost')) : db.query(sql as string, params)) }
    const usage = createFeedUsage(flaky, now)
    usage.note({ kind: 'seat', id: 'seat_1' })
    await usage.flush()
    failing = false
    usage.note({ kind: 'seat', id: 'seat_1' })
    await usage.stop()
    expect(statements.map((statement) => statement.ids)).toEqual([['seat_1']])
  })
})
