import { openPostgres } from './postgres'
import { migrate } from './migrations'

/**
 * npm run db:migrate: brings DATABASE_URL's schema to this build's version and exits, under the
 * same advisory lock as a starting server (a deployment step before new instances start).
 */
const url = process.env.DATABASE_URL
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('DATABASE_URL is required: the PostgreSQL server to migrate (postgres://…).')
  process.exit(1)
}
const db = await openPostgres(url)
const applied = await migrate(db)
await db.close()
console.log(applied.length ? `Applied migrations ${applied.join(', ')}.` : 'The database is up to date.')
