import { queryDatabase } from './postgres'

/**
 * The statements a scenario made the database run, from PostgreSQL's pg_stat_statements: how many,
 * the pages they visited, and the time the server spent planning and running them. Requests per
 * second follow the share of the cores the bench gets, and the CPU time read from /proc counts
 * whatever a backend did; the statements and their pages are counts, the same however busy the
 * machine is, so an extra statement or a worse plan shows between two commits. The times are the
 * backends' own clocks (a busy machine and waits for locks lengthen them); a statement PostgreSQL
 * plans afresh at every run shows in the planning time.
 * Only where the server preloads the module (scripts/ci-postgres.sh does); planning is timed where
 * pg_stat_statements.track_planning is on.
 */
export interface Statements {
  calls: number
  plans: number
  /** Shared buffer pages the statements visited (found in memory or read in): their work, whatever the machine's load. */
  pages: number
  execMs: number
  planMs: number
  /** Whether planning is timed (pg_stat_statements.track_planning). */
  planningTracked: boolean
}

/**
 * Readies a fresh database of the bench for counting: the extension, created in it, goes with the
 * database at the end. False when the server does not preload pg_stat_statements.
 */
export async function countStatements(databaseUrl: string): Promise<boolean> {
  const [setting] = await queryDatabase<{ loaded: boolean }>(databaseUrl, "select 'pg_stat_statements' = any(string_to_array(current_setting('shared_preload_libraries'), ', ')) as loaded")
  if (!setting?.loaded) return false
  await queryDatabase(databaseUrl, 'create extension if not exists pg_stat_statements')
  return true
}

/** This database's statements so far; the bench's own readings of the statistics (pg_stat_*) left out. */
export async function statementsNow(databaseUrl: string): Promise<Statements> {
  const [sums] = await queryDatabase<Statements>(
    databaseUrl,
    `select coalesce(sum(calls), 0)::float8 as calls, coalesce(sum(plans), 0)::float8 as plans,
            coalesce(sum(shared_blks_hit + shared_blks_read), 0)::float8 as pages,
            coalesce(sum(total_exec_time), 0)::float8 as "execMs", coalesce(sum(total_plan_time), 0)::float8 as "planMs",
            current_setting('pg_stat_statements.track_planning')::bool as "planningTracked"
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg\\_stat\\_%'`,
  )
  return sums!
}

/** What ran between two readings. */
export const statementsSpent = (before: Statements, after: Statements): Statements => ({
  calls: after.calls - before.calls,
  plans: after.plans - before.plans,
  pages: after.pages - before.pages,
  execMs: after.execMs - before.execMs,
  planMs: after.planMs - before.planMs,
  planningTracked: after.planningTracked,
})
