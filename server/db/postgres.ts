import pg from 'pg'
import { log } from '../log'
import type { Database, NamedStatement } from './database'
import { plannerSettings, statementOf } from './statement-names'

/**
 * pg's query config: every statement with parameters is named, so that each connection parses and
 * plans it once, the first time it runs there, and from then on only binds and runs it. Planning
 * cost PostgreSQL more than running for most of the API's statements (decision 0027); the feed's
 * credential check names its own.
 */
const pgQuery = (sql: string | NamedStatement, values: unknown[]) => ({ ...statementOf(sql, values), values })

/**
 * The database is too busy for the request: a statement ran past its timeout (PostgreSQL's
 * query_canceled), or no connection of the pool came free in time (pg-pool's own error).
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (error as { code?: unknown }).code === '57014' || /^timeout exceeded when trying to connect$|connection timeout/i.test(error.message)
}

/** A connection the server dropped (a restart, a failover): an event to log, never a crash. */
const connectionLost = (error: Error) => log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database connection lost')

/**
 * A PostgreSQL server (DATABASE_URL), through a pool of `poolSize` connections; each listening
 * connection is asked every `listenCheckMs` whether it still answers (listenOnPostgres). A
 * statement runs `statementTimeoutMs` at most, and a
 * request waits `poolWaitMs` at most for a connection: then it fails (`isDatabaseBusy`) and the
 * API answers 503, instead of every request queueing behind a runaway one.
 */
export async function openPostgres(
  connectionString: string,
  options: { schema?: string; poolSize?: number; listenCheckMs?: number; statementTimeoutMs?: number; poolWaitMs?: number } = {},
): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 15_000
  const connection = {
    connectionString,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    statement_timeout: statementTimeoutMs,
    connectionTimeoutMillis: options.poolWaitMs ?? 5_000,
  }
  // Pipelined: a statement is sent without waiting for the one before it to be answered, so a
  // transaction's `begin` travels with its first statement, and statements the work sends together
  // (Promise.all) travel in one round trip. PostgreSQL still runs them one after another, each with
  // a snapshot taken when it starts (decision 0029).
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10, pipeline: true, onConnect: (client) => client.query(plannerSettings) })
  // An idle connection the server drops (a restart, a failover) is an event, not a crash: the pool
  // replaces it on the next query.
  pool.on('error', connectionLost)
  if (options.schema) {
    const admin = await pool.connect()
    try {
      await admin.query(`create schema if not exists "${options.schema.replace(/"/g, '')}"`)
    } finally {
      admin.release()
    }
  }
  const query = async <T>(sql: string | NamedStatement, params: unknown[] = []) => (await pool.query(pgQuery(sql, params))).rows as T[]
  /**
   * A connection taken from the pool for a transaction or a lock. The pool stops listening for its
   * errors while it is out: a drop then (a restart, a failover) fails the work in hand, and the
   * connection is thrown away, instead of an unhandled 'error' ending the process.
   */
  const checkOut = async () => {
    const client = await pool.connect()
    let lost: Error | undefined
    const onError = (error: Error) => {
      lost = error
      connectionLost(error)
    }
    client.on('error', onError)
    // A connection that failed (its error came, or its last statement could not run) is not reused.
    const release = (failure?: Error) => {
      client.off('error', onError)
      client.release(lost ?? failure)
    }
    return { client, release }
  }
  return {
    kind: 'postgresql',
    query,
    async transaction(work) {
      const { client, release } = await checkOut()
      let failure: Error | undefined
      // Answered before the work's first statement, which it travels with; its failure (a lost
      // connection) fails that statement too.
      const begun = client.query('begin')
      begun.catch(() => {})
      try {
        const result = await work({ query: async <T>(sql: string | NamedStatement, params: unknown[] = []) => (await client.query(pgQuery(sql, params))).rows as T[] })
        await begun
        await client.query('commit')
        return result
      } catch (error) {
        failure = await client.query('rollback').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        )
        throw error
      } finally {
        release(failure)
      }
    },
    async withAdvisoryLock(key, work) {
      const { client, release } = await checkOut()
      try {
        // Waiting for another instance's migrations may take longer than a statement may: not bounded.
        await client.query('set statement_timeout = 0')
        await client.query('select pg_advisory_lock($1)', [key])
        return await work()
      } finally {
        release(
          await client
            .query('select pg_advisory_unlock($1)', [key])
            .then(() => client.query('reset statement_timeout'))
            .then(
              () => undefined,
              (error: Error) => error,
            ),
        )
      }
    },
    listen: (channel, onNotify) => listenOnPostgres(connection, channel, onNotify, options.listenCheckMs ?? listenCheckMs),
    close: () => pool.end(),
  }
}

/** How long a lost notification connection waits before it connects again. */
const relistenMs = 1000
/** How often a listening connection is asked whether it still answers, and how long it has to answer. */
const listenCheckMs = 10_000

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool), connecting again when it
 * drops; and once listening starts over, `onNotify`, for what was sent meanwhile. A connection can
 * die without a word (a network cut, a firewall's idle timeout, a proxy gone): TCP keep-alive, and
 * `select 1` every `checkMs` that must be answered within `checkMs`, find it out, and it is replaced.
 * A pooler in transaction mode (PgBouncer's default) never delivers: docs/deploying.md (decision 0040).
 */
async function listenOnPostgres(connection: pg.ClientConfig, channel: string, onNotify: () => void, checkMs: number): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`)
  let client: pg.Client | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined

  async function connect() {
    const next = new pg.Client({ ...connection, keepAlive: true, keepAliveInitialDelayMillis: checkMs })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify()
    })
    // Only the connection in use reports a drop: one that failed to start is handled below.
    next.on('error', () => dropped(next, 'error'))
    next.on('end', () => dropped(next, 'ended'))
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    if (stopped) await next.end().catch(() => {})
    else client = next
  }
  function dropped(lost: pg.Client, reason: 'error' | 'ended' | 'no answer') {
    if (stopped || client !== lost) return
    client = undefined
    lost.end().catch(() => {})
    log.warn({ channel, reason }, 'database notifications lost: listening again')
    listenAgain()
  }
  // One question at a time: a connection that does not answer within checkMs is dropped.
  let asking = false
  const check = setInterval(() => {
    const asked = client
    if (!asked || asking) return
    asking = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const silence = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), checkMs)))
    Promise.race([asked.query('select 1'), silence])
      .catch(() => dropped(asked, 'no answer'))
      .finally(() => {
        clearTimeout(timer)
        asking = false
      })
  }, checkMs)
  check.unref()
  function listenAgain() {
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (stopped) return
          log.info({ channel }, 'database notifications back')
          onNotify()
        },
        () => {
          if (!stopped) listenAgain()
        },
      )
    }, relistenMs)
    retry.unref()
  }

  // A database not reachable yet: listening starts when it is.
  await connect().then(onNotify, () => {
    log.warn({ channel }, 'database notifications not available yet: listening again')
    listenAgain()
  })
  return async () => {
    stopped = true
    clearInterval(check)
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
