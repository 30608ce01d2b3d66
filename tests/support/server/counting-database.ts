import type { Database, NamedStatement, Queryable } from '@/server/db/database'

/** What a database handle was asked to do: statements on their own, transactions, and the statements inside them. */
export interface Counted {
  statements: number
  transactions: number
  statementsInTransactions: number
}

/**
 * A database handle that counts what passes through it, for the round-trip budget of each API call
 * (tests/server/api/round-trips.test.ts). Everything else is the wrapped handle's own.
 */
export function countingDatabase(db: Database) {
  const counted: Counted = { statements: 0, transactions: 0, statementsInTransactions: 0 }
  const counting = (inner: Queryable, field: 'statements' | 'statementsInTransactions'): Queryable['query'] =>
    async function query<T>(sql: string | NamedStatement, params?: unknown[]) {
      counted[field]++
      return inner.query<T>(sql, params)
    }
  const wrapped: Database = Object.create(db) as Database
  Object.assign(wrapped, {
    query: counting(db, 'statements'),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => {
      counted.transactions++
      return db.transaction((tx) => work({ query: counting(tx, 'statementsInTransactions') }))
    },
  })
  return {
    db: wrapped,
    /** Runs the work and answers what it asked of the database. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; counted: Counted }> {
      const before = { ...counted }
      const result = await work()
      return {
        result,
        counted: {
          statements: counted.statements - before.statements,
          transactions: counted.transactions - before.transactions,
          statementsInTransactions: counted.statementsInTransactions - before.statementsInTransactions,
        },
      }
    },
  }
}
