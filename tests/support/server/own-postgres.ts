import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/**
 * Whether a test may start a PostgreSQL server of its own (scripts/ci-postgres.sh): as root, with
 * the server's programs installed. A test that restarts its server needs one: the server
 * TEST_DATABASE_URL names is shared by the other tests running at the same time.
 */
export const canStartOwnPostgres =
  process.getuid?.() === 0 && (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`)) : false)

export interface OwnPostgres {
  url: string
  /** Restarts the server (`fast`: clients told; `immediate`: a crash, recovered from its log); resolves once it answers again. */
  restart(mode: 'fast' | 'immediate'): Promise<void>
  /** Stops it and removes its files. */
  stop(): void
}

/** A PostgreSQL server of the test's own on a free port, from scripts/ci-postgres.sh, run by its system user. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const { stdout } = await run('bash', ['scripts/ci-postgres.sh'], { timeout: 120_000, env: { ...process.env, PG_TEST_PORT: '' } })
  const url = stdout.trim().split('\n').at(-1)!
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ data: string; bin: string }>("select current_setting('data_directory') as data, (select setting from pg_config where name = 'BINDIR') as bin")
  await client.end()
  const { data, bin } = rows[0]!
  // pg_ctl restart starts the server again with the options it was started with (postmaster.opts).
  const pgCtl = (...args: string[]) => ['-u', 'prismpg', '--', `${bin}/pg_ctl`, '-D', data, ...args]
  return {
    url,
    restart: async (mode) => {
      await run('runuser', pgCtl('-m', mode, '-w', '-l', `${data}/server.log`, 'restart'), { timeout: 60_000 })
    },
    stop: () => {
      execFileSync('runuser', pgCtl('-m', 'immediate', '-w', 'stop'), { stdio: 'ignore' })
      rmSync(data, { recursive: true, force: true })
    },
  }
}
