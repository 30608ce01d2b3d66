import type { Database } from '../db/database'
import { migrations } from '../db/migrations'

const latest = Math.max(...migrations.map((migration) => migration.version))

/**
 * GET /healthz: the process answers. GET /readyz: the database answers and holds at least the
 * schema this code expects. An instance started before its migration is not ready; one left
 * running after a newer build migrated still is (migrations only add, docs/deploying.md), so a
 * rolling deployment does not take every old instance out of rotation at its first new one.
 */
export function healthChecks(db: Database) {
  return (path: string) => {
    if (path === '/healthz') return Promise.resolve({ status: 200, body: { status: 'ok' } })
    if (path !== '/readyz') return null
    return db
      .query<{ version: number | null }>('select max(version)::int as version from schema_migrations')
      .then(([row]) =>
        row?.version != null && row.version >= latest
          ? { status: 200, body: { status: 'ready', schema: latest } }
          : { status: 503, body: { status: 'migrating', schema: row?.version ?? null, expected: latest } },
      )
      .catch(() => ({ status: 503, body: { status: 'database unavailable' } }))
  }
}
