import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import * as v from 'valibot'
import { createApi } from '@/server/api/create-api'
import { defaultRateLimits } from '@/server/api/rate-limit'
import { createTokenVerifier } from '@/server/api/token-verifier'
import { openDatabase } from '@/server/local/db/open-database'
import { trackInstances } from '@/server/db/instances'
import { migrate } from '@/server/db/migrations'
import { createFeedUsage } from '@/server/feed/feed-usage'
import { gatewayFromSettings } from '@/server/payments/gateway-from-settings'
import { createHandler } from '@/server/http/handler'
import { healthChecks } from '@/server/http/health'
import { keepIdleConnectionsOpen } from '@/server/http/keep-alive'
import { closeGracefully } from '@/server/http/shutdown'
import { loopbackProxies, parseTrustedProxies } from '@/server/http/trusted-proxies'
import { applySubscription } from '@/server/licensing/subscription-store'
import { log } from '@/server/log'
import { mailFromSchema } from '@/server/mail/settings'
import { startMail } from '@/server/mail/start'
import { stripeSettingsSchema } from '@/server/payments/stripe-settings'
import { periodicJobs } from '@/server/periodic-jobs'
import { serviceHeaders } from '@/server/web/security-headers'
import { env, rateLimitsFromEnv } from './in-target/environment'

/**
 * `npm run bench:api -- --database pglite`'s server, run with tsx in this tree: the accounts API on
 * PGlite as the local stack builds it (server/local/stack.ts: `openDatabase({ dataDir })`, the
 * product migrations, `createApi` with the same options), served over plain HTTP on HOST:PORT
 * through production's request handler (server/http/handler.ts: request log, headers, health).
 * Configured by the same variables the bench gives the production server (the tenant and Stripe
 * stand-ins, RATE_LIMIT_*), plus BENCH_PGLITE_DIR: the data folder (fresh on the first start; the
 * bench's second server opens it again). PGlite lives in one process: the bench seeds it through
 * routes under /bench that only this script mounts (server/ has none).
 */
const origin = env('PUBLIC_ORIGIN')
const stripe = v.parse(stripeSettingsSchema, process.env)

const db = await openDatabase({ dataDir: env('BENCH_PGLITE_DIR') })
await migrate(db)
const instances = await trackInstances(db)
const feedUsage = createFeedUsage(db)
const api = createApi({
  db,
  stripe: gatewayFromSettings(stripe),
  verifyToken: createTokenVerifier({
    metadataUrl: env('AUTH_METADATA_URL'),
    issuer: env('AUTH_ISSUER'),
    audience: env('AUTH_AUDIENCE'),
    emailClaim: process.env.AUTH_EMAIL_CLAIM ?? 'emails',
    policies: ['b2c_1_susi'],
    tenantVerifiesEveryEmail: true,
  }),
  siteOrigin: origin,
  discordInviteUrl: env('DISCORD_INVITE_URL'),
  // The production server's variables and defaults (server/production-config.ts).
  rateLimits: rateLimitsFromEnv(defaultRateLimits),
  instancesUp: instances.up,
  feedUsage,
})
const mail = startMail({ db, smtpUrl: env('SMTP_URL'), from: v.parse(mailFromSchema, process.env.MAIL_FROM), siteOrigin: origin, jobs: periodicJobs })

interface Seat {
  oid: string
  email: string
  seats: number
}

const readJson = async (request: IncomingMessage) => {
  let body = ''
  for await (const chunk of request) body += String(chunk)
  return JSON.parse(body) as unknown
}

/**
 * The bench's seeding, in this process (the only one that can open the PGlite): POST /bench/seed
 * gives each person (signed in through the API before) a live Commercial Plus subscription through
 * `applySubscription`, as the PostgreSQL path's seed.ts does; GET /bench/feed-keys reads the feed
 * holders' keys back.
 */
async function bench(request: IncomingMessage, response: ServerResponse) {
  const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  try {
    if (request.method === 'POST' && request.url === '/bench/seed') {
      const { people } = (await readJson(request)) as { people: Seat[] }
      const periodEnd = new Date(Date.now() + 365 * 86_400_000)
      for (const [index, person] of people.entries()) {
        const state = {
          stripeSubscriptionId: `sub_bench_${index}`,
          customerId: `cus_bench_${index}`,
          accountOid: person.oid,
          priceId: 'commercial-plus' as const,
          quantity: person.seats,
          status: 'active' as const,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: false,
        }
        const outcome = await db.transaction((tx) => applySubscription(tx, state))
        if (outcome !== 'created') throw new Error(`applySubscription answered ${outcome} for ${person.email}`)
      }
      return answer(200, { seeded: people.length, via: 'applySubscription' })
    }
    if (request.method === 'GET' && request.url === '/bench/feed-keys')
      return answer(200, await db.query("select assignee_email as email, license_key as key from seats where assignee_email like '%@feed.bench.example.com'"))
    answer(404, { error: 'not found' })
  } catch (error) {
    answer(500, { error: error instanceof Error ? error.message : String(error) })
  }
}

const server = createServer(
  createHandler({
    services: [
      ['/api', serviceHeaders('api'), getRequestListener(api.fetch)],
      ['/bench', {}, (request, response) => void bench(request, response)],
    ],
    site: () => (_request, response) => response.writeHead(404).end(),
    health: healthChecks(db),
    // The load's client addresses come in X-Real-IP from 127.0.0.1.
    trustProxy: parseTrustedProxies(loopbackProxies).trusted!,
  }),
)
keepIdleConnectionsOpen(server)
server.listen(Number(env('PORT')), process.env.HOST ?? '127.0.0.1', () => log.info({ port: (server.address() as AddressInfo).port, database: db.kind }, 'bench PGlite server listening'))
closeGracefully(server, async () => {
  await instances.stop()
  await feedUsage.stop()
  await mail.stop()
  await db.close()
})

// PGlite runs in this thread: a stall of the event loop holds every connection. Logged, to tell one
// from a slow query (the request log's durations start when a request is parsed).
const loopDelay = monitorEventLoopDelay({ resolution: 20 })
loopDelay.enable()
setInterval(() => {
  const worstMs = loopDelay.max / 1e6
  if (worstMs > 500) log.warn({ worstMs: Math.round(worstMs) }, 'event loop stalled')
  loopDelay.reset()
}, 1000).unref()

// BENCH_TRACE_SOCKETS=1: per connection, the requests that arrived in its bytes against those the
// server parsed and answered, logged when it stops, to tell a request never sent from one never read.
if (process.env.BENCH_TRACE_SOCKETS) {
  type Trace = { sent: number; parsed: number; answered: number; opened: number; closed?: number; last?: string; port?: number }
  const traces = new WeakMap<object, Trace>()
  const all: Trace[] = []
  server.on('connection', (socket) => {
    const trace: Trace = { sent: 0, parsed: 0, answered: 0, opened: Date.now(), port: socket.remotePort }
    traces.set(socket, trace)
    all.push(trace)
    socket.on('data', (chunk: Buffer) => (trace.sent += chunk.toString('latin1').match(/(?:^|\n)(?:GET|POST|PUT|DELETE) \//g)?.length ?? 0))
    socket.on('close', () => (trace.closed = Date.now()))
  })
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const trace = traces.get(request.socket)!
    trace.parsed++
    trace.last = `${request.method} ${request.url}`
    response.once('finish', () => trace.answered++)
  })
  process.once('SIGTERM', () => {
    const odd = all.filter((trace) => trace.sent === 0 || trace.sent !== trace.parsed || trace.parsed !== trace.answered)
    log.warn({ sockets: all.length, odd: odd.slice(0, 60), all }, 'socket trace')
  })
}
