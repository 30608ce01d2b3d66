import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { log } from '../log'

/**
 * A statement PostgreSQL parses and plans once per connection, then runs by name: for the hottest
 * queries (the feed's credential check), where planning costs more than running.
 */
export interface NamedStatement {
  name: string
  text: string
}

/** What the API needs of a database: parameterised queries and transactions. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string | NamedStatement, params?: unknown[]): Promise<T[]>
}

const textOf = (sql: string | NamedStatement) => (typeof sql === 'string' ? sql : sql.text)
/** pg's query config: a named statement is prepared on each connection the first time it runs there. */
const pgQuery = (sql: string | NamedStatement, values: unknown[]) => (typeof sql === 'string' ? { text: sql, values } : { name: sql.name, text: sql.text, values })

export interface Database extends Queryable {
  /** Runs the work in one transaction; it rolls back when the work throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Runs the work while holding a PostgreSQL advisory lock on one connection of its own, so that
   * several instances starting at once take turns (PGlite has one connection: nothing to wait for).
   */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgresql'
}

/** PostgreSQL in WebAssembly, in a folder (or in memory without one). One connection, so work is serialised. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const db = new PGlite(dataDir)
  await db.waitReady
  return pgliteDatabase(db)
}

/** The API's view of a PGlite that is ready. */
export function pgliteDatabase(db: PGlite): Database {
  const query = async <T>(sql: string | NamedStatement, params: unknown[] = []) => (await db.query<T>(textOf(sql), params)).rows
  return {
    kind: 'pglite',
    query,
    transaction: (work) => db.transaction((tx) => work({ query: async <T>(sql: string | NamedStatement, params: unknown[] = []) => (await tx.query<T>(textOf(sql), params)).rows })),
    withAdvisoryLock: (_key, work) => work(),
    close: () => db.close(),
  }
}

/** A PostgreSQL server (DATABASE_URL), through a pool of `poolSize` connections. */
export async function openPostgres(connectionString: string, options: { schema?: string; poolSize?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10, options: options.schema ? `-c search_path=${options.schema}` : undefined })
  // An idle connection the server drops (a restart, a failover) is an event, not a crash: the pool
  // replaces it on the next query.
  pool.on('error', (error) => log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database connection lost'))
  if (options.schema) {
    const admin = await pool.connect()
    try {
      await admin.query(`create schema if not exists "${options.schema.replace(/"/g, '')}"`)
    } finally {
      admin.release()
    }
  }
  const query = async <T>(sql: string | NamedStatement, params: unknown[] = []) => (await pool.query(pgQuery(sql, params))).rows as T[]
  return {
    kind: 'postgresql',
    query,
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work({ query: async <T>(sql: string | NamedStatement, params: unknown[] = []) => (await client.query(pgQuery(sql, params))).rows as T[] })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async withAdvisoryLock(key, work) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [key])
        return await work()
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {})
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, { poolSize: options.poolSize }) : openPglite(options.dataDir)
}
