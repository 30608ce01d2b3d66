import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { publishReleases, releaseOf, type FeedRelease } from '@/server/feed/catalog'
import { openPostgres } from '@/server/db/postgres'

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD'))
/** One release as a file lists it: the day it was released, the day it is dated into if it is a fix for lapsed licenses, and its metadata. */
const releaseSchema = v.object({
  id: v.string(),
  version: v.string(),
  released: day,
  backdatedTo: v.optional(day),
  description: v.optional(v.string(), ''),
  license: v.optional(v.string()),
  dependencies: v.optional(v.array(v.object({ id: v.string(), range: v.string() })), []),
})

/** The releases a JSON file lists (an array of releaseSchema), as the catalog records them; a wrong entry throws, naming it. */
export function releasesFromJson(text: string): FeedRelease[] {
  return v.parse(v.array(releaseSchema), JSON.parse(text)).map(releaseOf)
}

// `DATABASE_URL=… tsx scripts/feed/publish-releases.ts <releases.json>`: records the releases (and
// changes the dates of those recorded before: a fix dated into the past later) in the portal's
// feed_releases. Every instance lists them within 30 s (docs/deploying.md, "The package feed").
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file] = process.argv.slice(2)
  if (!file || !process.env.DATABASE_URL) {
    console.error('Usage: DATABASE_URL=postgres://… tsx scripts/feed/publish-releases.ts <releases.json>')
    process.exit(2)
  }
  const releases = releasesFromJson(readFileSync(file, 'utf8'))
  const db = await openPostgres(process.env.DATABASE_URL, { poolSize: 2 })
  try {
    await db.transaction((tx) => publishReleases(tx, releases))
    console.log(`Recorded ${releases.length} releases.`)
  } finally {
    await db.close()
  }
}
