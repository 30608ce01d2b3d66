import { parse, protocol, type PGlite, type Transaction } from '@electric-sql/pglite'
import type { NamedStatement } from '@/server/db/database'
import { statementOf } from '@/server/db/statement-names'

const { serialize } = protocol

/** The messages as one buffer: PGlite's backend runs a batch of them in one call, as a socket's would. */
const batch = (messages: Uint8Array[]) => Buffer.concat(messages)

/**
 * Statements on PGlite prepared by name, as on PostgreSQL (server/db/postgres.ts): parsed and
 * planned once, then only bound and run. `db.query` parses and plans every time, and crosses into
 * the WebAssembly backend six times (parse, describe, bind, describe, execute, sync); a prepared
 * statement crosses once, and a read spent half its time in PGlite. A statement without parameters
 * (a migration's several commands) runs through `db.query` as it is.
 */
export function preparedStatements(db: PGlite) {
  /** Each prepared statement's parameter types, for PGlite's own serializers. */
  const prepared = new Map<string, number[]>()

  async function prepare(name: string, text: string): Promise<number[]> {
    const { messages } = await db.execProtocol(batch([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false })
    const types = parse.parseDescribeStatementResults(messages)
    prepared.set(name, types)
    return types
  }

  /**
   * Runs the statement on the connection, `db` or a transaction's `tx` (whose statements leave
   * writing to the file system to the commit, as PGlite's own do).
   */
  return async function run<T>(connection: PGlite | Transaction, sql: string | NamedStatement, params: unknown[]): Promise<T[]> {
    const { name, text } = statementOf(sql, params)
    if (name === undefined) return (await connection.query<T>(text, params)).rows
    // PGlite's lock on its one connection, which its own queries and LISTEN take too.
    return db._runExclusiveQuery(async () => {
      const types = prepared.get(name) ?? (await prepare(name, text))
      const values = params.map((value, index) => (value === null || value === undefined ? null : (db.serializers[types[index]!]?.(value) ?? String(value))))
      const bound = batch([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])
      const { messages } = await db.execProtocol(bound, { syncToFs: false })
      if (connection === db) await db.syncToFs()
      return parse.parseResults(messages, db.parsers)[0]!.rows as T[]
    })
  }
}
