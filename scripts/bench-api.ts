import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

/**
 * npm run bench:api — load on the accounts API (PGlite, or PostgreSQL with BENCH_DATABASE_URL; seeded) over plain HTTP on 127.0.0.1: the
 * local server's TLS is left out, this measures the API. The API runs in its own process.
 * Reads: GET /api/licenses. Writes: assign then unassign, per connection, in a loop.
 */
const connections = 100
const duration = Number(process.env.BENCH_SECONDS ?? 20)
const child = spawn('node_modules/.bin/tsx', ['scripts/bench/api-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
const { url, token } = await new Promise<{ url: string; token: string }>((resolve) => {
  createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)))
})
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

async function run(title: string, requests: autocannon.Request[]) {
  const result = await autocannon({ url, connections, duration, headers, requests })
  const errors = result.errors + result.timeouts + result.non2xx
  console.log(`${title}: ${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors} (of ${result.requests.total})`)
  return { result, errors }
}

const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'
console.log(`Accounts API on ${database}, ${connections} connections, ${duration} s each, HTTP on 127.0.0.1\n`)
const reads = await run('GET /api/licenses', [{ method: 'GET', path: '/api/licenses' }])
let sequence = 0
const writes = await run('assign + unassign', [
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
child.kill('SIGTERM')

const met = reads.errors === 0 && writes.errors === 0 && reads.result.latency.p99 <= 100 && reads.result.requests.average >= 1000
console.log(`\nTargets (zero errors; reads p99 <= 100 ms and >= 1,000 requests/s): ${met ? 'met' : 'NOT met'}`)
