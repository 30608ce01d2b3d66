import { describeOnEachDatabase, type TestDatabase } from './database'
import { startApi, type Api } from './api-harness'

/** One `describe` per database (`$name` in the title) with the API started on it before its tests and closed after. */
export function describeApi(title: string, tests: (api: Api, database: TestDatabase) => void) {
  describeOnEachDatabase(title, { start: (open) => startApi(open), stop: (api) => api.close() }, tests)
}
