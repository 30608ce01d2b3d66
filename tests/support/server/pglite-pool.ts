import type { PGlite } from '@electric-sql/pglite'
import { type Database } from '@/server/db/database'
import { pgliteDatabase } from '@/server/local/db/pglite'

/**
 * A test process's PGlites, lent again once closed. Starting one from the migrated dump costs about
 * 0.9 s of CPU (a Vitest run started 67 before this pool, 5 with it); setting a closed one back to
 * the migrated state costs a few milliseconds. A lent database behaves as a PGlite of its own: closed, it refuses every
 * statement, and nothing of its session (prepared statements, listeners, settings) or its rows is
 * left for the next borrower. One whose tables, columns, constraints, indexes or functions were
 * changed (a test that drops or creates a table) is not lent again.
 */
export interface PglitePool {
  /** A PGlite at the migrated state: a closed one set back, or `start()`'s. */
  open(start: () => Promise<PGlite>): Promise<Database>
}

/** What a migrated database holds: its schema's fingerprint, its tables, and the rows some start with (the migrations' own records). */
interface Migrated {
  fingerprint: string
  tables: string[]
  rows: { table: string; json: string }[]
}

/** At most this many closed PGlites are kept (each holds its own memory, over 100 MB). */
const keptIdle = 2

/** What a closed PGlite answers to a statement, and so does a lent database once closed. */
const refusedAsClosed = () => Promise.reject(new Error('PGlite is closed'))

/** The schemas a test's objects live in: not the system's, nor a session's temporary ones. */
const inUserSchema = (column: string) => `${column} not in ('pg_catalog', 'information_schema', 'pg_toast') and ${column} not like 'pg_temp%' and ${column} not like 'pg_toast_temp%'`

/**
 * Everything a test could change of the schema, in one text: relations, columns with their types,
 * constraints, indexes, triggers and whether they fire, views, functions, sequences, enums,
 * policies, schemas, roles.
 */
const fingerprintQuery = `
  select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
    select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as item from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${inUserSchema('n.nspname')}
    union all select 'column ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attnum > 0 and not a.attisdropped and ${inUserSchema('n.nspname')}
    union all select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(c.oid) from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${inUserSchema('n.nspname')}
    union all select 'index ' || indexdef from pg_indexes where ${inUserSchema('schemaname')}
    union all select 'trigger ' || tgrelid::regclass::text || ' ' || case when tgisinternal then 'internal' else tgname::text end || ' ' || tgenabled::text from pg_trigger
    union all select 'view ' || viewname || ' ' || md5(definition) from pg_views where ${inUserSchema('schemaname')}
    union all select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || pg_get_function_result(p.oid) || ' ' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${inUserSchema('n.nspname')}
    union all select 'sequence ' || seqrelid::regclass::text || ' ' || seqincrement || ' ' || seqmin || ' ' || seqmax || ' ' || seqstart || ' ' || seqcycle::text from pg_sequence
    union all select 'enum ' || enumtypid::regtype::text || ' ' || enumlabel from pg_enum
    union all select 'policy ' || polrelid::regclass::text || ' ' || polname from pg_policy
    union all select 'row security ' || oid::regclass::text from pg_class where relrowsecurity
    union all select 'schema ' || nspname from pg_namespace where nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'
    union all select 'role ' || rolname from pg_roles
  ) as schema`

const tablesQuery = `select format('%I.%I', schemaname, tablename) as name from pg_tables where ${inUserSchema('schemaname')} order by 1`

async function fingerprintOf(pg: PGlite): Promise<string> {
  const [{ fingerprint }] = (await pg.query<{ fingerprint: string }>(fingerprintQuery)).rows as [{ fingerprint: string }]
  return fingerprint
}

async function describeMigrated(pg: PGlite): Promise<Migrated> {
  const fingerprint = await fingerprintOf(pg)
  const tables = (await pg.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name)
  const rows: Migrated['rows'] = []
  for (const table of tables) {
    const [{ json }] = (await pg.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`)).rows as [{ json: string | null }]
    if (json) rows.push({ table, json })
  }
  return { fingerprint, tables, rows }
}

/** Sets a closed PGlite back to the migrated state; false when it cannot be (its schema changed). */
async function setBack(pg: PGlite, migrated: Migrated): Promise<boolean> {
  // The session: prepared statements, settings, LISTENs, temporary tables, advisory locks.
  await pg.exec('discard all')
  if ((await fingerprintOf(pg)) !== migrated.fingerprint) return false
  await pg.transaction(async (tx) => {
    await tx.exec(`truncate ${migrated.tables.join(', ')} restart identity cascade`)
    for (const { table, json } of migrated.rows) await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [json])
  })
  return true
}

export function createPglitePool(): PglitePool {
  const idle: PGlite[] = []
  // Read from the first PGlite started, before it is lent: the state every later one is set back to.
  let migrated: Promise<Migrated> | undefined

  async function reused(): Promise<PGlite | undefined> {
    for (let pg = idle.pop(); pg; pg = idle.pop()) {
      if (await setBack(pg, await migrated!).catch(() => false)) return pg
      await pg.close().catch(() => undefined)
    }
    return undefined
  }

  /** The PGlite behind a Database that, once closed, refuses statements and hands the PGlite back. */
  function lend(pg: PGlite): Database {
    const db = pgliteDatabase(pg)
    let closed = false
    const inFlight = new Set<Promise<unknown>>()
    const listening = new Set<() => Promise<void>>()
    // Stops a borrower began without waiting (a sandbox stopping as it closes): finished before the PGlite goes back.
    const stopping = new Set<Promise<void>>()
    function whileOpen<T>(work: () => Promise<T>): Promise<T> {
      if (closed) return refusedAsClosed()
      const running = work()
      inFlight.add(running)
      void running.then(
        () => inFlight.delete(running),
        () => inFlight.delete(running),
      )
      return running
    }
    return {
      kind: db.kind,
      query: (sql, params) => whileOpen(() => db.query(sql, params)),
      transaction: (work) =>
        whileOpen(() =>
          db.transaction(async (tx) => {
            // A transaction's handle kept past its end reaches no one: the PGlite may be another borrower's by then.
            let ended = false
            try {
              return await work({ query: (sql, params) => (ended || closed ? Promise.reject(new Error('Transaction is closed')) : tx.query(sql, params)) })
            } finally {
              ended = true
            }
          }),
        ),
      // Its work's statements are this database's own, each refused once it is closed; a close from
      // within the work must not wait for the work.
      withAdvisoryLock: (key, work) => (closed ? refusedAsClosed() : db.withAdvisoryLock(key, work)),
      listen: (channel, onNotify) =>
        whileOpen(async () => {
          const stopListening = await db.listen(channel, onNotify)
          const stop = async () => {
            // Once only: after the database is closed, the PGlite may be another borrower's.
            if (!listening.delete(stop)) return
            const stopped = stopListening()
            stopping.add(stopped)
            await stopped
          }
          listening.add(stop)
          return stop
        }),
      close: async () => {
        if (closed) return
        closed = true
        await Promise.allSettled([...inFlight])
        for (const stop of [...listening]) await stop().catch(() => undefined)
        await Promise.allSettled([...stopping])
        if (idle.length < keptIdle) idle.push(pg)
        else await pg.close()
      },
    }
  }

  return {
    async open(start) {
      const pg = migrated ? await reused() : undefined
      if (pg) return lend(pg)
      const started = await start()
      migrated ??= describeMigrated(started)
      try {
        await migrated
      } catch (error) {
        // Read again by the next open, not kept failed for the rest of the process.
        migrated = undefined
        await started.close()
        throw error
      }
      return lend(started)
    },
  }
}
