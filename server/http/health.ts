import type { Database } from '../db/database'
import { migrations } from '../db/migrations'

const latest = Math.max(...migrations.map((migration) => migration.version))

/**
 * GET /healthz: the process answers. GET /readyz: the database answers and holds at least the
 * schema this code expects. An instance started before its migration is not ready; one left
 * running after a newer build migrated still is (migrations only add, docs/deploying.md), so a
 * rolling deployment does not take every old instance out of rotation at its first new one. An
 * instance told to stop is not ready while it finishes its requests (`draining`), so a balancer
 * that asks on a connection still open sends it nothing new (issue 48).
 */
export function healthChecks(db: Database, draining: () => boolean = () => false) {
  return (path: string) => {
    if (path === '/healthz') return Promise.resolve({ status: 200, body: { status: 'ok' } })
    if (path !== '/readyz') return null
    if (draining()) return Promise.resolve({ status: 503, body: { status: 'draining' } })
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
