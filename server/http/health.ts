import type { Database } from '../db/database'
import { migrations } from '../db/migrations'

const latest = Math.max(...migrations.map((migration) => migration.version))

/**
 * GET /healthz: the process answers. GET /readyz: the database answers and holds the schema this
 * code expects (an instance started beside a newer one, or before the migration, is not ready).
 */
export function healthChecks(db: Database) {
  return (path: string) => {
    if (path === '/healthz') return Promise.resolve({ status: 200, body: { status: 'ok' } })
    if (path !== '/readyz') return null
    return db
      .query<{ version: number | null }>('select max(version)::int as version from schema_migrations')
      .then(([row]) =>
        row?.version === latest ? { status: 200, body: { status: 'ready', schema: latest } } : { status: 503, body: { status: 'migrating', schema: row?.version ?? null, expected: latest } },
      )
      .catch(() => ({ status: 503, body: { status: 'database unavailable' } }))
  }
}
