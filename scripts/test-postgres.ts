import { execFile, execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { promisify } from 'node:util'
import pg from 'pg'

/**
 * The PostgreSQL server of `npm test`'s API tests. Their PostgreSQL half (oversell, the work done
 * at once that PGlite's one connection runs in turns, the production server) runs only with
 * TEST_DATABASE_URL: the one given (CI's .ci/run starts one), else, as root, a server of the run's
 * own from scripts/ci-postgres.sh, stopped and removed when the run ends. Which of the two, or why
 * there is none, is said in the run's first seconds.
 */
export interface TestPostgres {
  /** The environment Vitest runs with: TEST_DATABASE_URL set once the server answers (as it was without one). */
  env: Promise<NodeJS.ProcessEnv>
  /** Stops the server the run started and removes its files; a server given is left as it is. */
  stop: () => void
}

/** A server's address without what could be a secret. */
const where = (url: string) => {
  const address = new URL(url)
  return `${address.hostname}:${address.port || 5432}${address.pathname}`
}

export function testPostgres(): TestPostgres {
  const given = process.env.TEST_DATABASE_URL
  if (given) {
    console.log(`PostgreSQL for the API tests: TEST_DATABASE_URL (${where(given)}).`)
    return { env: Promise.resolve(process.env), stop: () => {} }
  }
  if (process.getuid?.() !== 0) {
    console.log(
      'No PostgreSQL for the API tests: TEST_DATABASE_URL is not set, and only root starts one here (scripts/ci-postgres.sh). Their PostgreSQL half (oversell, work done at once, the production server) does not run: set TEST_DATABASE_URL to a server to run it.',
    )
    return { env: Promise.resolve(process.env), stop: () => {} }
  }
  console.log("PostgreSQL for the API tests: starting a server of this run's own (scripts/ci-postgres.sh; Vitest waits for it).")
  let started: { data: string; bin: string } | undefined
  const env = (async () => {
    const { stdout } = await promisify(execFile)('bash', ['scripts/ci-postgres.sh'], { timeout: 300_000 })
    const url = stdout.trim().split('\n').at(-1)!
    started = await serverFiles(url)
    return { ...process.env, TEST_DATABASE_URL: url }
  })()
  return {
    env,
    stop: () => {
      if (!started) return
      // ci-postgres.sh runs the server as its own system user: PostgreSQL refuses root.
      execFileSync('runuser', ['-u', 'prismpg', '--', `${started.bin}/pg_ctl`, '-D', started.data, '-m', 'fast', '-w', 'stop'], { stdio: 'ignore' })
      rmSync(started.data, { recursive: true, force: true })
      started = undefined
    },
  }
}

/** Where the server keeps its data, and its programs. */
async function serverFiles(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ data: string; bin: string }>("select current_setting('data_directory') as data, (select setting from pg_config where name = 'BINDIR') as bin")
    return rows[0]!
  } finally {
    await client.end()
  }
}
