import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Target } from './checkout'
import { cpuNow, cpuSpent } from './cpu'
import { assign, createFeedTokens, feedChecks, feedVersionList, licenseFiles, licenseFileSeats, probeFeed, reads, signIn, versionLists, writes, type FeedCredential, type Figures } from './load'
import type { Database } from './options'
import { createDatabase, dropDatabase, queryDatabase } from './postgres'
import { startServer, type Running } from './servers'
import { newSigningKeySetting } from '@/server/licensing/license-signing-keys'
import { countStatements, statementsNow, statementsSpent } from './statements'
import type { Person, startStripe, startTenant } from './stand-ins'

export const scenarios = [
  'GET /api/licenses',
  'assign + unassign',
  'GET /api/feed/authorize (70% right)',
  'GET /api/feed/v3 version list',
  'GET /api/licenses/{seatId}/license-file',
  'one person: GET /api/licenses',
  'one person: assign + unassign',
] as const
export type Scenario = (typeof scenarios)[number]
/** Each scenario's figures; null where the commit has no such route (the feed, before it existed). */
export type Results = Record<Scenario, Figures | null>

export interface BenchOptions {
  seconds: number
  connections: number
  feedConnections: number
  instances: number
  database: Database
  /** Only the scenarios whose name holds this text (lower case). */
  only?: string
  /** The PostgreSQL server (unused on PGlite). */
  postgres: string | null
  workDir: string
  tenant: Awaited<ReturnType<typeof startTenant>>
  stripe: Awaited<ReturnType<typeof startStripe>>
  /** Registers what undoes a step (run in reverse order at the end, failure or not). */
  onCleanup(step: () => Promise<void>): void
}

const person = (id: string, index?: number): Person => ({
  oid: `bench-${id}${index ?? ''}`,
  email: `${id}${index ?? ''}@bench.example.com`,
  firstName: 'Bench',
  lastName: `${id[0]!.toUpperCase()}${id.slice(1)} ${index ?? ''}`.trim(),
})

interface Seat {
  oid: string
  email: string
  seats: number
}

/**
 * Where one commit's data lives, and how the bench seeds and reads it: a database of its own on
 * the PostgreSQL server (seeded by the commit's own code in a process of its own), or a fresh
 * PGlite folder that only the server's process can open (seeded through its /bench routes).
 */
interface Store {
  name: string
  env: Record<string, string>
  /** The database's address, whose backends' CPU time is counted (null: PGlite, inside the server). */
  databaseUrl: string | null
  /** Whether its statements are counted (pg_stat_statements on the server). */
  countsStatements: boolean
  seed(url: string, people: Seat[]): Promise<{ seeded: number; via: string }>
  feedKeys(url: string): Promise<FeedCredential[]>
  /** Records the feed's releases where the commit has their table (the filtered list and the checks read them); false where it has none. */
  publishReleases(url: string): Promise<boolean>
}

/** The releases the feed's scenarios read (server/local/feed/packages.ts's, as SQL any commit with the table takes). */
const releasesSql = `insert into feed_releases (package_id, version, released_at, backdated_to)
  values ('Prism.Core', '9.0.537', '2025-11-04', null), ('Prism.Plus.Popups', '9.0.0', '2026-01-10', null), ('Prism.Plus.Popups', '9.1.0', '2026-06-10', null),
         ('Prism.Plus.Popups', '9.0.1', '2026-08-01', '2026-05-01'), ('Prism.Plus.Popups', '9.2.0', '2026-10-01', null), ('Prism.Plus.Charts', '1.0.0', '2026-03-01', null)
  on conflict do nothing`

async function postgresStore(target: Target, options: BenchOptions, name: string): Promise<Store> {
  const databaseUrl = await createDatabase(options.postgres!, name)
  options.onCleanup(() => dropDatabase(options.postgres!, name))
  return {
    name: `database ${name}`,
    env: { DATABASE_URL: databaseUrl },
    databaseUrl,
    countsStatements: await countStatements(databaseUrl),
    seed: async (_url, people) => {
      const { stdout } = await promisify(execFile)(join(target.root, 'node_modules/.bin/tsx'), [join(target.helpers, 'seed.ts')], {
        cwd: target.root,
        env: { ...process.env, BENCH_SEED: JSON.stringify({ databaseUrl, people }) },
        timeout: 120_000,
      })
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as { seeded: number; via: string }
    },
    feedKeys: () => queryDatabase<FeedCredential>(databaseUrl, "select assignee_email as email, license_key as key from seats where assignee_email like '%@feed.bench.example.com'"),
    publishReleases: async () => {
      const [table] = await queryDatabase<{ found: string | null }>(databaseUrl, "select to_regclass('feed_releases')::text as found")
      if (!table?.found) return false
      await queryDatabase(databaseUrl, releasesSql)
      return true
    },
  }
}

function pgliteStore(options: BenchOptions, name: string): Store {
  // Inside the run's work folder: removed with it at the end.
  const dataDir = join(options.workDir, `${name}-pglite`)
  const bench = async <T>(url: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}/bench/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`/bench/${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }
  return {
    name: `PGlite in ${dataDir}`,
    env: { BENCH_PGLITE_DIR: dataDir },
    databaseUrl: null,
    countsStatements: false,
    seed: (url, people) => bench(url, 'seed', { people }),
    feedKeys: (url) => bench(url, 'feed-keys'),
    // The PGlite server's database holds what its seed writes; the scenarios read whatever releases it has.
    publishReleases: async () => false,
  }
}

/**
 * TRUST_PROXY as the commit reads it: the load's client addresses come in X-Real-IP from 127.0.0.1.
 * Commits before decision 0020 took only true or false.
 */
function trustProxyOf(target: Target) {
  const config = join(target.root, 'server/production-config.ts')
  return existsSync(config) && readFileSync(config, 'utf8').includes("'TRUST_PROXY must be true or false'") ? 'true' : '127.0.0.1'
}

/** One commit's servers, seeded and started, whose scenarios run one at a time (bench-api.ts alternates two commits' runs). */
export interface OpenedCommit {
  /** What was seeded and started, for the report. */
  description: string
  /** One scenario once: its figures, or null where the commit has no such route or the scenario was left out (--only). */
  run(scenario: Scenario): Promise<Figures | null>
  stop(): Promise<void>
}

/**
 * The load on one commit, in a database of its own: many people (one per connection, each with
 * their own token and subscription) on an instance whose rate limits are raised out of the way
 * (their statements still run); the `one person` scenarios: one person alone, every connection
 * theirs, on an instance with the commit's own production limits, where 429s come.
 */
export async function openCommit(target: Target, options: BenchOptions): Promise<OpenedCommit> {
  const name = `bench_${target.label
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 20)}_${Date.now()}`
  const store = options.database === 'pglite' ? pgliteStore(options, name) : await postgresStore(target, options, name)
  const { tenant, stripe } = options
  const env = {
    ...store.env,
    PUBLIC_ORIGIN: 'https://portal.example.com',
    TRUST_PROXY: trustProxyOf(target),
    AUTH_METADATA_URL: tenant.metadataUrl,
    AUTH_JWKS_URL: tenant.jwksUrl,
    AUTH_ISSUER: tenant.issuer,
    AUTH_AUDIENCE: tenant.audience,
    DISCORD_INVITE_URL: 'https://discord.gg/prism',
    // Nothing answers there: mail stays queued, as in the two-instance tests.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // A commit that signs license files needs its key; one before them ignores it.
    LICENSE_SIGNING_KEYS: JSON.stringify([newSigningKeySetting(new Date(0))]),
    ...stripe.env,
  }
  const raised = { RATE_LIMIT_READS_PER_SECOND: '1000000', RATE_LIMIT_WRITES_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000' }
  const start = async (extra: Record<string, string>, phase: string) => {
    const running: Running[] = []
    for (let index = 0; index < options.instances; index++) {
      const instance = await startServer(target, { ...env, ...extra }, join(options.workDir, `${name}-${phase}-${index}.log`), options.database)
      options.onCleanup(() => instance.stop())
      running.push(instance)
    }
    return { urls: running.map((instance) => instance.url), pids: running.map((instance) => instance.pid), stop: () => Promise.all(running.map((instance) => instance.stop())) }
  }

  const many = Array.from({ length: options.connections }, (_unused, index) => person('person', index))
  const alone = person('alone')
  const feedOwner = person('feedowner')
  const tokens = new Map<Person, string>()
  for (const who of [...many, alone, feedOwner]) tokens.set(who, await tenant.token(who))
  const tokenOf = (who: Person) => tokens.get(who)!

  const open = await start(raised, 'many')
  // Seeding: accounts through the API; subscriptions and seats through the commit's own code; the feed's holders through the API.
  await signIn(
    open.urls[0]!,
    [...tokens].map(([who, token]) => ({ person: who, token })),
  )
  const seats = [...many.map((who) => ({ ...who, seats: 5 })), { ...alone, seats: Math.max(200, 2 * options.connections) }, { ...feedOwner, seats: 60 }]
  const seeded = await store.seed(open.urls[0]!, seats)
  const holders = Array.from({ length: 50 }, (_unused, index) => ({ firstName: 'Feed', lastName: 'Reader', email: `reader${index}@feed.bench.example.com` }))
  await assign(open.urls[0]!, tokenOf(feedOwner), holders)
  const credentials = await store.feedKeys(open.urls[0]!)
  // Before the first check: an instance keeps the releases it read for 30 s.
  const published = await store.publishReleases(open.urls[0]!)
  const probe = credentials.length === holders.length ? await probeFeed(open.urls[0]!, credentials[0]!) : null
  const hasFeed = probe === 204
  const feedTokens = hasFeed ? await createFeedTokens(open.urls[0]!, tokenOf(feedOwner), 5) : []
  // A commit with the feed's per-credential metadata lists a holder's versions (200); one without it has no such route.
  const hasVersionLists = hasFeed && (await probeFeed(open.urls[0]!, credentials[0]!, feedVersionList)) === 200
  const description = `${target.label} (${target.commit}, ${options.database === 'pglite' ? 'createApi on PGlite through the production handler, scripts/bench/pglite-server.ts' : target.kind === 'production' ? 'node dist-server/production.js' : 'its accounts app through the bench adapter'}): ${store.name}${store.databaseUrl && !store.countsStatements ? ' (statements not counted: the server does not preload pg_stat_statements)' : ''}, ${seeded.seeded} subscriptions seeded through its ${seeded.via}${published ? ", the feed's releases recorded" : ''}${hasFeed ? '' : `, no feed check (${probe === null ? `${credentials.length} holders' keys found` : `a right key answered ${probe}`})`}`

  const load = (servers: { urls: string[] }, connections = options.connections) => ({ urls: servers.urls, connections, seconds: options.seconds })
  const manyTokens = many.map(tokenOf)
  const statementsOf = () => (store.countsStatements && store.databaseUrl ? statementsNow(store.databaseUrl) : null)
  /** A scenario on these servers, with the CPU time it cost them and the database, and the database's statements, per request. */
  const measured = async (servers: { pids: number[] }, work: () => Promise<Figures> | null) => {
    const before = await cpuNow(servers.pids, store.databaseUrl)
    const statementsBefore = await statementsOf()
    const figures = await work()
    const spent = cpuSpent(before, await cpuNow(servers.pids, store.databaseUrl))
    const statementsAfter = await statementsOf()
    if (figures && spent && figures.total > 0) {
      figures.serverCpuUs = Math.round((spent.serverMs * 1000) / figures.total)
      figures.databaseCpuUs = store.databaseUrl ? Math.round((spent.databaseMs * 1000) / figures.total) : null
    }
    if (figures && statementsBefore && statementsAfter && figures.total > 0) {
      const ran = statementsSpent(statementsBefore, statementsAfter)
      figures.statements = Math.round((ran.calls * 100) / figures.total) / 100
      figures.databasePages = Math.round((ran.pages * 10) / figures.total) / 10
      figures.databaseExecUs = Math.round((ran.execMs * 1000) / figures.total)
      figures.databasePlanUs = ran.planningTracked ? Math.round((ran.planMs * 1000) / figures.total) : null
    }
    return figures
  }
  // The feed owner's 50 assigned seats, each file signed afresh; a commit without license files has none.
  const fileSeats = await licenseFileSeats(open.urls[0]!, tokenOf(feedOwner))
  // The instance with the production limits, started at its first scenario.
  let limited: Awaited<ReturnType<typeof start>> | undefined
  const limitedInstance = async () => (limited ??= await start({}, 'alone'))
  const work: Record<Scenario, () => Promise<Figures | null>> = {
    'GET /api/licenses': () => measured(open, () => reads(load(open), manyTokens)),
    'assign + unassign': () => measured(open, () => writes(load(open), manyTokens)),
    'GET /api/feed/authorize (70% right)': () => measured(open, () => (hasFeed ? feedChecks(load(open, options.feedConnections), credentials, feedTokens) : null)),
    'GET /api/feed/v3 version list': () => measured(open, () => (hasVersionLists ? versionLists(load(open, options.feedConnections), credentials) : null)),
    'GET /api/licenses/{seatId}/license-file': () => measured(open, () => (fileSeats.length ? licenseFiles(load(open), tokenOf(feedOwner), fileSeats) : null)),
    'one person: GET /api/licenses': async () => {
      const servers = await limitedInstance()
      return measured(servers, () => reads(load(servers), [tokenOf(alone)]))
    },
    'one person: assign + unassign': async () => {
      const servers = await limitedInstance()
      return measured(servers, () => writes(load(servers), [tokenOf(alone)]))
    },
  }
  return {
    description,
    run: (scenario) => (options.only && !scenario.toLowerCase().includes(options.only) ? Promise.resolve(null) : work[scenario]()),
    stop: async () => {
      await Promise.all([open.stop(), limited?.stop()])
    },
  }
}

export const line = (figures: Figures) =>
  `${figures.perSecond} requests/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, errors ${figures.errors}${figures.errorKinds ? ` (${figures.errorKinds})` : ''}, 429s ${figures.limited} (of ${figures.total})${
    figures.serverCpuUs == null ? '' : `, CPU per request: server ${figures.serverCpuUs} µs${figures.databaseCpuUs == null ? '' : `, database ${figures.databaseCpuUs} µs`}`
  }${
    figures.statements == null
      ? ''
      : `; statements per request ${figures.statements}, ${figures.databasePages} pages visited, their database time ${figures.databaseExecUs} µs running${figures.databasePlanUs == null ? '' : `, ${figures.databasePlanUs} µs planning`}`
  }`
