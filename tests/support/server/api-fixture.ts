import { afterAll, beforeAll, describe } from 'vitest'
import { databases, describeOnEachDatabase, type TestDatabase } from './database'
import { createStripeSlots, defaultSlotLimits } from '@/server/payments/stripe-slots'
import { startApi, type Api } from './api-harness'

/**
 * Stripe's slots as production sets them, but a person's second call waits 30 s for the first, not
 * 2: two presses at once are answered in turn however slow the machine is (a clean-clone run at half
 * its speed answered a quote's second press 429). The 2 s wait has its own tests (stripe-slots.test.ts).
 */
const patientSlots = () => createStripeSlots({ ...defaultSlotLimits, maxWaitMs: 30_000 })

/** One `describe` per database of the API's tests, or of `on` (`$name` in the title), with the API started on it before its tests and closed after. */
export function describeApi(title: string, tests: (api: Api, database: TestDatabase) => void, on?: TestDatabase[]) {
  describeOnEachDatabase(title, { start: (open) => startApi(open, undefined, patientSlots()), stop: (api) => api.close() }, tests, on)
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
      Object.assign(api, await startApi(postgres!.open, undefined, patientSlots()))
    })
    afterAll(() => api.close?.())
    tests(api)
  })
}
