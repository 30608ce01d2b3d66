import { afterAll, beforeAll, describe } from 'vitest'
import { type Database } from '@/server/db/database'
import { openPostgres } from '@/server/db/postgres'
import { openPglite } from '@/server/local/db/pglite'
import { openMigratedPglite } from './migrated-pglite'

export interface TestDatabase {
  name: 'PGlite' | 'PostgreSQL'
  open: () => Promise<Database>
}

/** The databases the server's tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (a schema of its own each time). */
export const databases: TestDatabase[] = [
  { name: 'PGlite', open: openMigratedPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL' as const, open: () => openPostgres(process.env.TEST_DATABASE_URL!, { schema: `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}` }) }]
    : []),
]

/**
 * The databases the API's tests run on: production's, PostgreSQL, where the run has one (`npm test`
 * starts one as root), else PGlite. PGlite, the local stack's database, is the browser tests' and
 * `npm start`'s: every flow's requests reach it there, and the permission matrix, which asks every
 * route, runs on both (decision 0068). Twice every API test was a sixth of Vitest's run.
 */
export const apiDatabases: TestDatabase[] = databases.length > 1 ? databases.filter((database) => database.name === 'PostgreSQL') : databases

/** The same databases with nothing migrated: PGlite anew, or a schema of its own on the PostgreSQL test server. */
export const unmigratedDatabases: TestDatabase[] = databases.map((database) => ({ name: database.name, open: database.name === 'PGlite' ? () => openPglite() : database.open }))

/** A database for the `describe` that calls it: opened before its tests, closed after them. */
export function useDatabase(open: () => Promise<Database>): () => Database {
  let db: Database | undefined
  beforeAll(async () => {
    db = await open()
  })
  afterAll(() => db?.close())
  return () => db!
}

/**
 * The per-database preamble of the server's tests: one `describe` for each database `on` names
 * (the API's, unless said; its title's `$name` says which), and in it the fixture `start` makes from that database before its tests,
 * stopped after them. The fixture is handed over at once and filled in before the first test.
 */
export function describeOnEachDatabase<T extends object>(
  title: string,
  fixture: { start: (open: () => Promise<Database>) => Promise<T>; stop: (started: T) => Promise<unknown> },
  tests: (started: T, database: TestDatabase) => void,
  on: TestDatabase[] = apiDatabases,
) {
  describe.each(on)(title, (database) => {
    const started = {} as T
    beforeAll(async () => {
      Object.assign(started, await fixture.start(database.open))
    })
    afterAll(() => fixture.stop(started))
    tests(started, database)
  })
}
