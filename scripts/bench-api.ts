import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { startTwoInstances } from './bench/two-instances'

/**
 * npm run bench:api — load on the accounts API over plain HTTP on 127.0.0.1 (the local server's TLS
 * is left out: this measures the API). Reads: GET /api/licenses. Writes: assign then unassign, per
 * connection, in a loop. The feed's credential check: GET /api/feed/authorize, 80% the right
 * credentials of fifty Commercial Plus holders, 20% wrong ones over 10,000 unknown emails (so that
 * no email's bucket of failed attempts runs out: each sees one every 25 s or so).
 * - By default one API process on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * - With BENCH_INSTANCES=2 (and BENCH_DATABASE_URL): two production servers on one PostgreSQL,
 *   the client splitting the connections between them, nothing in front.
 */
const connections = 100
/**
 * The feed's proxy asks over a few kept-alive connections (nginx's upstream keepalive), not a
 * hundred: and by Little's law 100 connections could not see a p99 of 20 ms below 5,000 checks/s.
 */
const feedConnections = 10
const duration = Number(process.env.BENCH_SECONDS ?? 20)
const databaseUrl = process.env.BENCH_DATABASE_URL
const two = process.env.BENCH_INSTANCES === '2'
if (two && !databaseUrl) throw new Error('BENCH_INSTANCES=2 needs BENCH_DATABASE_URL: two instances share one PostgreSQL.')

interface FeedCredential {
  email: string
  key: string
}

async function startOne() {
  const child = spawn('node_modules/.bin/tsx', ['scripts/bench/api-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const { url, token, feedCredentials } = await new Promise<{ url: string; token: string; feedCredentials: FeedCredential[] }>((resolve) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)))
  })
  return { urls: [url], token, feedCredentials, stop: async () => void child.kill('SIGTERM') }
}

/** Only the one-instance bench knows seat holders' keys (its API process reads them from its database). */
const target: { urls: string[]; token: string; feedCredentials?: FeedCredential[]; stop(): Promise<void> } = two ? await startTwoInstances(databaseUrl!) : await startOne()
const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' }

/**
 * The same load on every instance at once, the connections split between them; the figures added
 * up (p99: the worse). An error is a failed request, or an answer other than 2xx; with `wrongAnswers`,
 * the count of answers other than each request expected instead.
 */
async function run(title: string, requests: () => autocannon.Request[], wrongAnswers?: () => number, options = { connections }) {
  const results = await Promise.all(target.urls.map((url) => autocannon({ url, connections: options.connections / target.urls.length, duration, headers, requests: requests() })))
  const errors = results.reduce((sum, result) => sum + result.errors + result.timeouts + (wrongAnswers ? 0 : result.non2xx), 0) + (wrongAnswers?.() ?? 0)
  const perSecond = Math.round(results.reduce((sum, result) => sum + result.requests.average, 0))
  const p50 = Math.max(...results.map((result) => result.latency.p50))
  const p99 = Math.max(...results.map((result) => result.latency.p99))
  const total = results.reduce((sum, result) => sum + result.requests.total, 0)
  console.log(`${title}: ${perSecond} requests/s, p50 ${p50} ms, p99 ${p99} ms, errors ${errors} (of ${total})`)
  return { perSecond, p99, errors }
}

const where = two ? 'two production instances on one PostgreSQL (BENCH_DATABASE_URL)' : databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'
console.log(`Accounts API on ${where}, ${connections} connections (the feed check: ${feedConnections}), ${duration} s each, HTTP on 127.0.0.1\n`)
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
const feed = target.feedCredentials ? await runFeedChecks(target.feedCredentials) : null
await target.stop()

/** The feed check's mix; each answer is compared with the one its credentials call for (204 or 401). */
async function runFeedChecks(credentials: FeedCredential[]) {
  const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`
  let sent = 0
  let wrong = 0
  return run(
    'GET /api/feed/authorize (80% valid)',
    () => [
      {
        method: 'GET',
        path: '/api/feed/authorize',
        setupRequest: (request, context) => {
          const turn = ++sent
          const valid = turn % 5 !== 0
          const holder = credentials[turn % credentials.length]!
          ;(context as { expected?: number }).expected = valid ? 204 : 401
          const authorization = valid ? basic(holder.email, holder.key) : basic(`nobody${turn % 10_000}@bench.example.com`, holder.key)
          return { ...request, headers: { ...request.headers, authorization } }
        },
        onResponse: (status, _body, context) => {
          if (status !== (context as { expected?: number }).expected) wrong++
        },
      },
    ],
    () => wrong,
    { connections: feedConnections },
  )
}

const met = reads.errors === 0 && writes.errors === 0 && reads.p99 <= 100 && reads.perSecond >= 1000
console.log(`\nTargets (zero errors; reads p99 <= 100 ms and >= 1,000 requests/s): ${met ? 'met' : 'NOT met'}`)
if (feed) console.log(`Feed check targets (zero errors; p99 <= 20 ms and >= 2,000 checks/s): ${feed.errors === 0 && feed.p99 <= 20 && feed.perSecond >= 2000 ? 'met' : 'NOT met'}`)
else console.log('The feed check is measured on one instance (without BENCH_INSTANCES=2).')
process.exit(0)
