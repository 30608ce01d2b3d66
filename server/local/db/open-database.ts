import type { Database } from '@/server/db/database'
import { openPostgres } from '@/server/db/postgres'
import { openPglite } from './pglite'

/** PostgreSQL when the local stack is given a URL, else PGlite in a folder (or in memory). */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, { poolSize: options.poolSize }) : openPglite(options.dataDir)
}
