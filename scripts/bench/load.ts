import autocannon from 'autocannon'
import type { Person } from './stand-ins'

/** One scenario's figures; the latencies cover every answer, 429s included. */
export interface Figures {
  perSecond: number
  p50: number
  p99: number
  /** Failed requests, timeouts and answers other than the expected ones (429 with Retry-After apart). */
  errors: number
  /** What the errors were: each unexpected status, and timeouts or failed connections, with their counts ('500×3, timeout×1'). */
  errorKinds: string
  /** Answers held back by a rate limit: 429 with Retry-After (the feed check: 401 with Retry-After to right credentials). */
  limited: number
  total: number
  /** CPU time per request, in microseconds, of the server's processes and of the database's backends (null: not measured). */
  serverCpuUs?: number | null
  databaseCpuUs?: number | null
  /** Per request, from pg_stat_statements (scripts/bench/statements.ts): the statements the database ran, the pages they visited, and its time running and planning them in microseconds (null: not counted; planning: not timed). */
  statements?: number | null
  databasePages?: number | null
  databaseExecUs?: number | null
  databasePlanUs?: number | null
}

export interface LoadOptions {
  /** One server's address per instance: the connections are split between them. */
  urls: string[]
  connections: number
  seconds: number
}

interface Tally {
  limited: number
  wrong: number
  statuses: Map<number, number>
}

/**
 * A connection's own data: autocannon deep-copies its options for every connection, so an object
 * shared by a scenario's requests becomes one object per connection, shared by that connection's
 * requests (its `context` is not: it starts afresh with every round of the requests). The first
 * request a connection sends picks its person here, for good.
 */
interface Slot {
  person?: number
}

type Request = autocannon.Request & { slot: Slot }

/**
 * BENCH_TRACE_SOCKETS=1: what a connection that timed out was doing, printed as it happens. On a
 * timeout autocannon drops the connection and sends on a new one before it says so: the one that
 * timed out is the one before.
 */
function traceTimeouts(client: unknown) {
  if (!process.env.BENCH_TRACE_SOCKETS) return
  type Socket = NodeJS.EventEmitter & { localPort?: number; bytesWritten: number }
  const traced = client as NodeJS.EventEmitter & { conn: Socket; requestIterator: { currentRequest: { method?: string; path?: string } } }
  type Trace = { socket: Socket; openedAt: number; connectedAt?: number; port?: number; sent: number; answered: number; lastRequest?: string }
  let current: Trace | undefined
  let previous: Trace | undefined
  traced.on('request', () => {
    if (current?.socket !== traced.conn) {
      const trace: Trace = { socket: traced.conn, openedAt: Date.now(), sent: 0, answered: 0 }
      trace.socket.once('connect', () => ((trace.connectedAt = Date.now()), (trace.port = trace.socket.localPort)))
      ;[previous, current] = [current, trace]
    }
    current.sent++
    const { method, path } = traced.requestIterator.currentRequest
    current.lastRequest = `${method} ${path}`
  })
  traced.on('response', () => void (current && current.answered++))
  traced.on('timeout', () => {
    const timedOut = previous
    if (!timedOut) return
    const since = (at?: number) => (at === undefined ? 'never' : `${Date.now() - at} ms ago`)
    console.log(
      `timeout: ${timedOut.lastRequest} on port ${timedOut.port}, opened ${since(timedOut.openedAt)}, connected ${since(timedOut.connectedAt)}, ${timedOut.socket.bytesWritten} bytes written, ${timedOut.sent} sent, ${timedOut.answered} answered`,
    )
  })
}

/** Runs the requests on every instance at once and adds the figures up (p50 and p99: the worst instance's). */
async function measure(options: LoadOptions, requests: (tally: Tally) => Request[]): Promise<Figures> {
  const tally: Tally = { limited: 0, wrong: 0, statuses: new Map() }
  const shares = options.urls.map((_url, index) => Math.floor(options.connections / options.urls.length) + (index < options.connections % options.urls.length ? 1 : 0))
  const results = await Promise.all(
    options.urls.map((url, index) =>
      autocannon({ url, connections: shares[index]!, duration: options.seconds, timeout: 10, headers: { 'content-type': 'application/json' }, requests: requests(tally), setupClient: traceTimeouts }),
    ),
  )
  return {
    perSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    // autocannon's errors include its timeouts.
    errors: results.reduce((sum, result) => sum + result.errors, 0) + tally.wrong,
    errorKinds: [
      ...[...tally.statuses].map(([status, count]) => `${status}×${count}`),
      ...[['timeout', results.reduce((sum, result) => sum + result.timeouts, 0)] as const, ['failed connection', results.reduce((sum, result) => sum + result.errors - result.timeouts, 0)] as const]
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => `${kind}×${count}`),
    ].join(', '),
    limited: tally.limited,
    total: results.reduce((sum, result) => sum + result.requests.total, 0),
  }
}

/** Counts an answer: 2xx (or the expected status), a rate limit's 429 with Retry-After, or an error. */
function check(tally: Tally, status: number, headers: Record<string, unknown>, expected?: number) {
  if (expected === undefined ? status >= 200 && status < 300 : status === expected) return true
  if ((status === 429 || status === 401) && headers['retry-after'] !== undefined) tally.limited++
  else {
    tally.wrong++
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1)
  }
  return false
}

/** Each connection its own person, taken in turn from `tokens` (one token: one person on every connection). */
function personOf(tokens: string[]) {
  let next = 0
  return (slot: Slot) => (slot.person ??= next++ % tokens.length)
}

const bearer = (request: autocannon.Request, token: string) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } })

/** GET /api/licenses in a loop. */
export function reads(options: LoadOptions, tokens: string[]) {
  const pick = personOf(tokens)
  return measure(options, (tally) => {
    const slot: Slot = {}
    return [
      {
        method: 'GET',
        path: '/api/licenses',
        slot,
        setupRequest: (request) => bearer(request, tokens[pick((request as Request).slot)]!),
        onResponse: (status, _body, _context, headers) => void check(tally, status, headers ?? {}),
      },
    ]
  })
}

/**
 * Assign a free seat, then unassign it, in a loop; an assign that was refused is not followed by its
 * unassign. An unassign held back by the rate limit (429) is sent again first thing in the
 * connection's next round, instead of a new assign: a seat is never left assigned by the load, so
 * one person alone never runs out of seats (which answered 409 in long runs).
 */
export function writes(options: LoadOptions, tokens: string[]) {
  const pick = personOf(tokens)
  let sequence = 0
  return measure(options, (tally) => {
    const slot: Slot & { unfreed?: string } = {}
    type Context = { licenseId?: string; freeing?: string; slot?: typeof slot }
    const unassign = (request: autocannon.Request, licenseId: string) => ({
      ...bearer(request, tokens[pick((request as Request).slot)]!),
      method: 'POST' as const,
      path: '/api/licenses/unassign',
      body: JSON.stringify({ licenseId }),
    })
    return [
      {
        method: 'POST',
        path: '/api/licenses/assign',
        slot,
        setupRequest: (request, context) => {
          const own = (request as Request & { slot: typeof slot }).slot
          ;(context as Context).slot = own
          // The last round's unassign was held back: it goes first.
          if (own.unfreed) return unassign(request, ((context as Context).freeing = own.unfreed))
          return {
            ...bearer(request, tokens[pick(own)]!),
            body: JSON.stringify({ firstName: 'Bench', lastName: 'Developer', email: `bench${++sequence}@bench.example.com` }),
          }
        },
        onResponse: (status, body, context, headers) => {
          const round = context as Context
          const passed = check(tally, status, headers ?? {})
          if (round.freeing) {
            if (passed) round.slot!.unfreed = undefined
          } else if (passed) round.licenseId = (JSON.parse(body) as { id?: string }).id
        },
      },
      {
        method: 'POST',
        path: '/api/licenses/unassign',
        slot,
        // Nothing to unassign: autocannon starts the round again with an assign.
        setupRequest: (request, context) => {
          const licenseId = (context as Context).licenseId
          return licenseId ? unassign(request, licenseId) : (null as unknown as autocannon.Request)
        },
        onResponse: (status, _body, context, headers) => {
          const round = context as Context
          if (!check(tally, status, headers ?? {}) && status === 429) round.slot!.unfreed = round.licenseId
        },
      },
    ]
  })
}

export interface FeedCredential {
  email: string
  key: string
}

/**
 * GET /api/feed/authorize as a feed's proxy asks it, in turns of ten: four seat holders' right
 * emails and keys and three feed tokens' secrets (204; a commit without tokens gets seat holders
 * instead), and three failures (401): a holder's email with a wrong key, an unknown email, a wrong
 * token. Each comes from one of 10,000 client addresses (X-Real-IP, which the server believes from
 * 127.0.0.1), so that no address's count of failures runs out, as with real clients; a token's
 * from one /24 of its own, as a CI's runners within its network limit (decision 0049).
 */
/** The package file every feed check asks about (X-Original-URI, as nginx sends it): a version a live Commercial Plus seat covers. */
export const feedCheckFile = '/v3/flatcontainer/prism.plus.popups/9.0.0/prism.plus.popups.9.0.0.nupkg'
/** The version list the filtered-list scenario asks for, as nginx proxies it. */
export const feedVersionList = '/api/feed/v3/flatcontainer/prism.plus.popups/index.json'
const basicOf = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`

export function feedChecks(options: LoadOptions, credentials: FeedCredential[], tokens: string[] = []) {
  const basic = basicOf
  const tokenTurn = (turn: number, holder: FeedCredential): [string, number] => (tokens.length > 0 ? [basic('token', tokens[turn % tokens.length]!), 204] : [basic(holder.email, holder.key), 204])
  const turns: ((turn: number, holder: FeedCredential) => [authorization: string, expected: number])[] = [
    ...Array<(turn: number, holder: FeedCredential) => [string, number]>(4).fill((_turn, holder) => [basic(holder.email, holder.key), 204]),
    tokenTurn,
    tokenTurn,
    tokenTurn,
    (_turn, holder) => [basic(holder.email, `${holder.key}X`), 401],
    (turn, holder) => [basic(`nobody${turn % 10_000}@bench.example.com`, holder.key), 401],
    (turn) => [basic('token', `pft_wrong${turn}`), 401],
  ]
  let sent = 0
  return measure(options, (tally) => [
    {
      method: 'GET',
      path: '/api/feed/authorize',
      slot: {},
      setupRequest: (request, context) => {
        const turn = ++sent
        const kind = turns[turn % turns.length]!
        const [authorization, expected] = kind(turn, credentials[turn % credentials.length]!)
        ;(context as { expected?: number }).expected = expected
        const client = turn % 10_000
        const address = kind === tokenTurn && tokens.length > 0 ? `10.2.${turn % tokens.length}.${turn & 255}` : `10.1.${client >> 8}.${client & 255}`
        // The file the check decides on, as nginx names it (a commit from before coverage reads no such header).
        return { ...request, headers: { ...request.headers, authorization, 'x-real-ip': address, 'x-original-uri': feedCheckFile } }
      },
      onResponse: (status, _body, context, headers) => void check(tally, status, headers ?? {}, (context as { expected?: number }).expected),
    },
  ])
}

/**
 * A package's version list as the feed's metadata answers it for each credential (nginx proxies
 * it to GET /api/feed/v3/…): the seat holders' right emails and keys in turn, each answered the
 * versions their coverage opens (200), from one of 10,000 client addresses.
 */
export function versionLists(options: LoadOptions, credentials: FeedCredential[]) {
  let sent = 0
  return measure(options, (tally) => [
    {
      method: 'GET',
      path: feedVersionList,
      slot: {},
      setupRequest: (request) => {
        const turn = ++sent
        const holder = credentials[turn % credentials.length]!
        const client = turn % 10_000
        return { ...request, headers: { ...request.headers, authorization: basicOf(holder.email, holder.key), 'x-real-ip': `10.2.${client >> 8}.${client & 255}` } }
      },
      onResponse: (status, _body, _context, headers) => void check(tally, status, headers ?? {}, 200),
    },
  ])
}

/**
 * GET /api/licenses/{seatId}/license-file in a loop: the owner's token on every connection, the
 * seats taken in turn; each answer is a freshly signed license file (200).
 */
export function licenseFiles(options: LoadOptions, token: string, seatIds: string[]) {
  let sent = 0
  return measure(options, (tally) => [
    {
      method: 'GET',
      path: '/api/licenses',
      slot: {},
      setupRequest: (request) => ({ ...bearer(request, token), path: `/api/licenses/${seatIds[++sent % seatIds.length]}/license-file` }),
      onResponse: (status, _body, _context, headers) => void check(tally, status, headers ?? {}, 200),
    },
  ])
}

/** The ids of the owner's assigned seats, and whether the commit issues license files (a probe of the first: 200). */
export async function licenseFileSeats(url: string, token: string): Promise<string[]> {
  const assigned = await fetch(`${url}/api/licenses/assigned`, { headers: { authorization: `Bearer ${token}` } })
  const seatIds = ((await assigned.json()) as { id: string }[]).map((seat) => seat.id)
  const probe = await fetch(`${url}/api/licenses/${seatIds[0]}/license-file`, { headers: { authorization: `Bearer ${token}` } })
  await probe.body?.cancel()
  return probe.status === 200 ? seatIds : []
}

/** Signs each person in through the API (their account), a few at a time. */
export async function signIn(url: string, people: { person: Person; token: string }[]) {
  for (let start = 0; start < people.length; start += 10)
    await Promise.all(
      people.slice(start, start + 10).map(async ({ person, token }) => {
        const answer = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: person.firstName, lastName: person.lastName, email: person.email, oid: person.oid }),
        })
        if (!answer.ok) throw new Error(`Signing ${person.email} in answered ${answer.status}: ${await answer.text()}`)
        await answer.body?.cancel()
      }),
    )
}

/** Assigns seats of the owner's through the API, one after the other. */
export async function assign(url: string, token: string, assignees: { firstName: string; lastName: string; email: string }[]) {
  for (const assignee of assignees) {
    const answer = await fetch(`${url}/api/licenses/assign`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(assignee) })
    if (!answer.ok) throw new Error(`Assigning a seat to ${assignee.email} answered ${answer.status}: ${await answer.text()}`)
    await answer.body?.cancel()
  }
}

/** Feed tokens of the owner's Commercial Plus subscription, made through the API; none for a commit without them. */
export async function createFeedTokens(url: string, token: string, count: number): Promise<string[]> {
  const secrets: string[] = []
  for (let index = 0; index < count; index++) {
    const answer = await fetch(`${url}/api/feed-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      // Scoped as a deployment key (a commit from before scopes takes the name alone): the checked package, three networks a day.
      body: JSON.stringify({ name: `Bench ${index}`, packages: ['Prism.Plus.Popups'], maxNetworks: 3, suspendOnLeak: true }),
    })
    if (answer.status === 404) return []
    if (answer.status !== 201) throw new Error(`Making a feed token answered ${answer.status}: ${await answer.text()}`)
    secrets.push(((await answer.json()) as { secret: string }).secret)
  }
  return secrets
}

/** One feed check with these credentials (or another of the feed's addresses): its status (204: the commit has the feed and the seat is known). */
export async function probeFeed(url: string, credential: FeedCredential, path = '/api/feed/authorize'): Promise<number> {
  const answer = await fetch(`${url}${path}`, { headers: { authorization: basicOf(credential.email, credential.key) } })
  await answer.body?.cancel()
  return answer.status
}
