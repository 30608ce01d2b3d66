import { spawn } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { postgresServer } from './bench/postgres'

/**
 * npm run bench:feed-restore [-- --rounds 7] — `dotnet restore` of Prism.Plus.Popups and
 * Prism.Core through nginx with a cold NuGet cache, in turns: from the same feed served without
 * auth_request, and through the production file (deploy/nginx/prism.conf) with the portal's check on
 * a cold decision cache (a key nginx has never seen) and on a warm one (the same key right after).
 * It is the real-client test's timing case (tests/server/feed-client/dotnet-restore.test.ts) run
 * `rounds` times on that test's one set of servers (nginx, the production server on PostgreSQL:
 * BENCH_DATABASE_URL, else scripts/ci-postgres.sh's), which prints each median and the ratios. As
 * root, with nginx, its JavaScript module and the .NET SDK, as the test needs them.
 */
const roundsAt = process.argv.indexOf('--rounds')
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 7
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error('--rounds takes a whole number from 1 to 50')

const load = () =>
  loadavg()
    .map((each) => each.toFixed(2))
    .join(' ')
console.log(`bench:feed-restore: ${rounds} rounds; load average before ${load()} (${cpus().length} cores)`)
const databaseUrl = process.env.TEST_DATABASE_URL ?? (await postgresServer())
const test = spawn('npx', ['vitest', 'run', 'tests/server/feed-client/dotnet-restore.test.ts', '-t', 'times a restore'], {
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl, FEED_RESTORE_ROUNDS: String(rounds) },
  stdio: 'inherit',
})
const code = await new Promise<number | null>((resolve) => test.once('exit', resolve))
console.log(`bench:feed-restore: load average after ${load()}`)
process.exit(code ?? 1)
