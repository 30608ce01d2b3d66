import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '@/server/db/database'
import { healthChecks } from '@/server/http/health'
import { openMigratedPglite } from '@/tests/support/server/migrated-pglite'

let db: Database
beforeAll(async () => {
  db = await openMigratedPglite()
})
afterAll(() => db.close())

/** Readiness turns false the moment the instance is told to stop, while it finishes its requests (issue 48); liveness stays. */
it('answers /readyz 503 "draining" once the instance drains, and /healthz 200 all along', async () => {
  let draining = false
  const check = healthChecks(db, () => draining)
  expect(await check('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } })
  draining = true
  expect(await check('/readyz')).toEqual({ status: 503, body: { status: 'draining' } })
  expect(await check('/healthz')).toEqual({ status: 200, body: { status: 'ok' } })
})
