// The database as production code sees it: interfaces only. PostgreSQL opens one
// (server/db/postgres.ts); PGlite, the local stack's and the tests', is in server/local/db/.

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

export interface Database extends Queryable {
  /** Runs the work in one transaction; it rolls back when the work throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Runs the work while holding a PostgreSQL advisory lock on one connection of its own, so that
   * several instances starting at once take turns (PGlite has one connection: nothing to wait for).
   */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>
  /**
   * Calls `onNotify` for every NOTIFY on the channel (from this instance or another) until the
   * returned function stops listening, and once whenever listening begins, for what was sent before:
   * at the start, and on PostgreSQL after its own connection is dropped and comes back.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgresql'
}
