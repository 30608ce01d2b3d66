import type { Queryable } from '../db/database'
import { log } from '../log'

/** What the feed let in: a seat (by its holder's key) or a feed token. */
export type FeedUser = { kind: 'seat' | 'token'; id: string }

/** A mark per seat or token at most once a minute: the owner reads 'last used' to the minute. */
const markEveryMs = 60_000
/** How often the marks gathered are written, in one statement per kind. */
const flushEveryMs = 5_000

const updates = {
  seat: 'update seats set last_feed_access_at = now() where id = any($1::text[])',
  token: 'update feed_tokens set last_used_at = now() where id = any($1::text[])',
} as const

/** A feed token's downloads added to its counts, one row per token, package and version (a token gone since is skipped, not the batch). */
const addDownloadsSql = `insert into feed_token_downloads (token_id, package_id, version, downloads)
    select counted.* from unnest($1::text[], $2::text[], $3::text[], $4::integer[]) as counted (token_id, package_id, version, downloads)
     where exists (select 1 from feed_tokens where feed_tokens.id = counted.token_id)
  on conflict (token_id, package_id, version) do update set downloads = feed_token_downloads.downloads + excluded.downloads, last_at = now()`

/**
 * When the feed last let each seat and token in, and each feed token's downloads per package and
 * version, kept off the check's hot path: a 204 notes its seat or token (and a token's `.nupkg`) in
 * memory, and the notes are written in the background, a batch every few seconds. `stop` writes
 * what is left (the server's shutdown calls it before the database closes).
 */
export function createFeedUsage(db: Queryable, now: () => number = Date.now) {
  const marked = new Map<string, number>()
  const pending = { seat: new Set<string>(), token: new Set<string>() }
  /** Downloads not written yet, by token, package id and version (joined by a space, which none holds). */
  let downloads = new Map<string, number>()
  let flushing: Promise<void> = Promise.resolve()
  const timer = setInterval(() => void flush(), flushEveryMs).unref()

  function note(user: FeedUser) {
    const key = `${user.kind}:${user.id}`
    const at = now()
    if (at - (marked.get(key) ?? -Infinity) < markEveryMs) return
    marked.set(key, at)
    pending[user.kind].add(user.id)
    if (marked.size > 100_000) forgetOld(at)
  }

  function download(tokenId: string, packageId: string, version: string) {
    const key = `${tokenId} ${packageId} ${version}`
    downloads.set(key, (downloads.get(key) ?? 0) + 1)
  }

  async function writeDownloads() {
    if (downloads.size === 0) return
    const counted = downloads
    downloads = new Map()
    const rows = [...counted].map(([key, count]) => [...key.split(' '), count] as [string, string, string, number])
    const columns = [0, 1, 2, 3].map((column) => rows.map((row) => row[column]))
    // A failed write loses these counts: the downloads happened, the figures are the owner's guide, not a bill.
    await db.query(addDownloadsSql, columns).catch((error: unknown) => log.warn({ err: error, count: rows.length }, "the feed tokens' download counts could not be written"))
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      await writeDownloads()
      for (const kind of ['seat', 'token'] as const) {
        if (pending[kind].size === 0) continue
        const ids = [...pending[kind]]
        pending[kind].clear()
        // A failed write loses a minute's 'last used' at most: the next use marks it again.
        await db.query(updates[kind], [ids]).catch((error: unknown) => {
          for (const id of ids) marked.delete(`${kind}:${id}`)
          log.warn({ err: error, count: ids.length }, 'the feed usage marks could not be written')
        })
      }
    })
    return flushing
  }

  function forgetOld(at: number) {
    for (const [key, markedAt] of marked) if (at - markedAt >= markEveryMs) marked.delete(key)
  }

  return {
    note,
    download,
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
export type FeedUsage = ReturnType<typeof createFeedUsage>
