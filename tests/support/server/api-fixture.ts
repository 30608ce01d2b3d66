import { afterAll, beforeAll, describe } from 'vitest'
import { databases, describeOnEachDatabase, type TestDatabase } from './database'
import { startApi, type Api } from './api-harness'

/** One `describe` per database of the API's tests, or of `on` (`$name` in the title), with the API started on it before its tests and closed after. */
export function describeApi(title: string, tests: (api: Api, database: TestDatabase) => void, on?: TestDatabase[]) {
  describeOnEachDatabase(title, { start: (open) => startApi(open), stop: (api) => api.close() }, tests, on)
}

const postgres = databases.find((database) => database.name === 'PostgreSQL')

/**
 * The same on PostgreSQL alone, for work done at once by several connections (PGlite has one: its
 * transactions take turns, so a race cannot happen there). Skipped without TEST_DATABASE_URL, which
 * `npm test` sets where it can start a server (scripts/test.ts).
 */
export function describeApiOnPostgres(title: string, tests: (api: Api) => void) {
  describe.skipIf(!postgres)(`${title} on PostgreSQL`, () => {
    const api = {} as Api
    beforeAll(async () => {
      Object.assign(api, await startApi(postgres!.open))
    })
    afterAll(() => api.close?.())
    tests(api)
  })
}
