import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { startTwoInstances } from './bench/two-instances'

/**
 * npm run bench:api — load on the accounts API over plain HTTP on 127.0.0.1 (the local server's TLS
 * is left out: this measures the API). Reads: GET /api/licenses. Writes: assign then unassign, per
 * connection, in a loop.
 * - By default one API process on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * - With BENCH_INSTANCES=2 (and BENCH_DATABASE_URL): two production servers on one PostgreSQL,
 *   the client splitting the connections between them, nothing in front.
 */
const connections = 100
const duration = Number(process.env.BENCH_SECONDS ?? 20)
const databaseUrl = process.env.BENCH_DATABASE_URL
const two = process.env.BENCH_INSTANCES === '2'
if (two && !databaseUrl) throw new Error('BENCH_INSTANCES=2 needs BENCH_DATABASE_URL: two instances share one PostgreSQL.')

async function startOne() {
  const child = spawn('node_modules/.bin/tsx', ['scripts/bench/api-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)))
  })
  return { urls: [url], token, stop: async () => void child.kill('SIGTERM') }
}

const target = two ? await startTwoInstances(databaseUrl!) : await startOne()
const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' }

/** The same load on every instance at once, the connections split between them; the figures added up (p99: the worse). */
async function run(title: string, requests: () => autocannon.Request[]) {
  const results = await Promise.all(target.urls.map((url) => autocannon({ url, connections: connections / target.urls.length, duration, headers, requests: requests() })))
  const errors = results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0)
  const perSecond = Math.round(results.reduce((sum, result) => sum + result.requests.average, 0))
  const p50 = Math.max(...results.map((result) => result.latency.p50))
  const p99 = Math.max(...results.map((result) => result.latency.p99))
  const total = results.reduce((sum, result) => sum + result.requests.total, 0)
  console.log(`${title}: ${perSecond} requests/s, p50 ${p50} ms, p99 ${p99} ms, errors ${errors} (of ${total})`)
  return { perSecond, p99, errors }
}

const where = two ? 'two production instances on one PostgreSQL (BENCH_DATABASE_URL)' : databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'
console.log(`Accounts API on ${where}, ${connections} connections, ${duration} s each, HTTP on 127.0.0.1\n`)
const reads = await run('GET /api/licenses', () => [{ method: 'GET', path: '/api/licenses' }])
let sequence = 0
const writes = await run('assign + unassign', () => [
  {
    method: 'POST',
    path: '/api/licenses/assign',
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ firstName: 'Bench', lastName: 'Developer', email: `bench${++sequence}@bench.example.com` }) }),
    onResponse: (_status, body, context) => {
      ;(context as { licenseId?: string }).licenseId = JSON.parse(body).id
    },
  },
  { method: 'POST', path: '/api/licenses/unassign', setupRequest: (request, context) => ({ ...request, body: JSON.stringify({ licenseId: (context as { licenseId?: string }).licenseId }) }) },
])
await target.stop()

const met = reads.errors === 0 && writes.errors === 0 && reads.p99 <= 100 && reads.perSecond >= 1000
console.log(`\nTargets (zero errors; reads p99 <= 100 ms and >= 1,000 requests/s): ${met ? 'met' : 'NOT met'}`)
process.exit(0)
