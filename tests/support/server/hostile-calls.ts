import fc from 'fast-check'
import { expect } from 'vitest'
import { apiRoutes } from '@/common/api-paths'
import { person, type Api } from './api-harness'
import { changedOutside, hostileValue, organisationRows } from './hostile'
import { join, signIn } from './organisation'

/**
 * Hostile calls: every API call (common/api-paths.ts) as every kind of caller of the permission
 * matrix, through two instances (each with a memory of roles of its own) on one database, with
 * hostile bodies, ids, queries and orders (tests/server/api/security.test.ts; decision 0060).
 */
const callers = {
  owner: 'plus@example.com',
  billing: 'hostile.billing@example.com',
  seats: 'hostile.seats@example.com',
  holder: 'hostile.holder@example.com',
  stranger: 'nolicense@example.com',
  otherHolder: 'dev1@example.com',
} as const
type Caller = keyof typeof callers
const oidOf = (who: Caller) => person(callers[who])?.oid ?? `oid-${callers[who]}`

type RouteName = keyof typeof apiRoutes
/** The ids a path or a body may name, of the members' organisation (Paula's) and of every other. */
type Ids = Record<'seat' | 'token' | 'invitation' | 'person' | 'subscription' | 'session' | 'secret', { ours: string[]; theirs: string[] }>
type Pick = (ids: Ids) => fc.Arbitrary<string>
/** Mostly another organisation's, sometimes ours, sometimes none that exists or no id at all. */
const anyOf =
  (kind: keyof Ids): Pick =>
  (ids) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ids[kind].theirs, 'unknown') },
      { weight: 2, arbitrary: fc.constantFrom(...ids[kind].ours, 'unknown') },
      { weight: 1, arbitrary: hostileString },
    )

const hostileString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '%00', '..%2F..%2Fetc', '\u0000', '\u202e', 'x'.repeat(5_000), '__proto__', 'constructor', "'; drop table seats; --", '😀'.repeat(300)),
)

const company = { legalName: 'Hostile Ltd', address: { line1: '1 Hostile Way', line2: '', city: 'Dublin', postalCode: 'D02', state: '', country: 'IE' }, taxId: null }
const back = 'https://localhost:5173/account/licenses'
const profile = { firstName: 'Hos', lastName: 'Tile', image: '', github: '', companyName: '', country: '', address: '', city: '', state: '', zip: '', emailAnnouncements: true }
let counter = 0
const fresh = (what: string) => `hostile.${what}.${++counter}@example.com`

/** A call's well-formed request, from which the hostile ones are made: its path's values, its body, its query. */
interface Template {
  params?: Record<string, Pick>
  body?: (ids: Ids, who: Caller) => fc.Arbitrary<Record<string, unknown>>
  query?: Record<string, fc.Arbitrary<string>>
  /** Its body names an id. */
  namesId?: true
}
const id = (kind: keyof Ids) => ({ [kind === 'person' ? 'oid' : kind]: anyOf(kind) })
const body = (make: (ids: Ids, who: Caller) => Record<string, fc.Arbitrary<unknown>>) => (ids: Ids, who: Caller) => fc.record(make(ids, who))
/** An order by invoice's body (a quote's too): a paid plan or the free one, any seats from none. */
const invoiceOrderBody = body(() => ({ priceId: fc.constantFrom('commercial', 'community'), quantity: fc.integer({ min: 0, max: 12 }), company: fc.constant(company), poNumber: fc.constant('PO-1') }))
/** A quote nobody has, or a path that climbs. */
const quoteIds = () => fc.constantFrom('qt_nobodys', '%2e%2e')

export const templates: Record<RouteName, Template> = {
  login: { body: body((_, who) => ({ firstName: fc.constant('Hos'), lastName: fc.constant('Tile'), email: fc.constant(callers[who]), oid: fc.constant(oidOf(who)) })) },
  licenses: {},
  assignedLicenses: {},
  assignedCsv: {},
  assign: { body: body(() => ({ firstName: fc.constant('Hos'), lastName: fc.constant('Tile'), email: fc.constant(0).map(() => fresh('seat')) })) },
  unassign: { namesId: true, body: body((ids) => ({ licenseId: anyOf('seat')(ids) })) },
  resendSeatMail: { params: { licenseId: anyOf('seat') } },
  regenerateKey: { params: { licenseId: anyOf('seat') } },
  licenseFile: { params: { licenseId: anyOf('seat') } },
  feedTokens: {},
  createFeedToken: { body: body(() => ({ name: fc.constantFrom('Hostile CI', 'x'), suspendOnLeak: fc.boolean() })) },
  revokeFeedToken: { params: { id: anyOf('token') } },
  resumeFeedToken: { params: { id: anyOf('token') } },
  revokeFeedTokensBy: { namesId: true, body: body((ids) => ({ oid: anyOf('person')(ids) })) },
  activity: { query: { limit: fc.constantFrom('10', '-1', '1e9', 'abc') } },
  account: {},
  updateAccount: { body: body(() => Object.fromEntries(Object.entries(profile).map(([key, value]) => [key, fc.constant(value)]))) },
  stats: {},
  connectDiscord: { body: body(() => ({ discordName: fc.constantFrom('hostile.caller', '') })) },
  organisation: {},
  changeRole: { params: id('person'), body: body(() => ({ role: fc.constantFrom('owner', 'billing-manager', 'seat-manager', 'root') })) },
  removeMember: { params: id('person') },
  offerTransfer: { namesId: true, body: body((ids) => ({ to: anyOf('person')(ids), formerOwnerBecomes: fc.constantFrom(null, 'billing-manager', 'seat-manager') })) },
  withdrawTransfer: {},
  acceptTransfer: {},
  declineTransfer: {},
  invitations: {},
  invite: { body: body(() => ({ email: fc.constant(0).map(() => fresh('invited')), role: fc.constantFrom('owner', 'billing-manager', 'seat-manager') })) },
  resendInvitation: { params: { id: anyOf('invitation') } },
  revokeInvitation: { params: { id: anyOf('invitation') } },
  invitationOffer: { params: { secret: anyOf('secret') } },
  acceptInvitation: { params: { secret: anyOf('secret') } },
  createPortalSession: { body: body(() => ({ returnUrl: fc.constantFrom(back, 'https://evil.example.com/') })) },
  hasDefaultPaymentMethod: {},
  createSetupIntent: {},
  saveDefaultPaymentMethod: { body: body(() => ({ paymentMethodId: fc.constantFrom('pm_hostile_madeup', 'pm_card_visa') })) },
  upgradePreview: { query: { priceId: fc.constantFrom('commercial', 'commercial-plus', 'community', 'gold'), quantity: fc.constantFrom('1', '4', '0', '-3', '1e9', 'x') } },
  upgrade: { body: body(() => ({ priceId: fc.constantFrom('commercial', 'commercial-plus'), quantity: fc.integer({ min: -2, max: 30 }) })) },
  checkoutStatus: { params: { sessionId: anyOf('session') } },
  createCheckoutSession: {
    body: body(() => ({
      priceId: fc.constantFrom('commercial', 'commercial-plus', 'community'),
      quantity: fc.integer({ min: 0, max: 12 }),
      successUrl: fc.constant(back),
      cancelUrl: fc.constant(back),
    })),
  },
  invoices: {},
  companyDetails: {},
  saveCompanyDetails: { body: body(() => Object.fromEntries(Object.entries(company).map(([key, value]) => [key, fc.constant(value)]))) },
  payByInvoice: { body: invoiceOrderBody },
  addSeatsByInvoice: { body: invoiceOrderBody },
  quotes: {},
  requestQuote: { body: invoiceOrderBody },
  acceptQuote: { params: { id: quoteIds } },
  quotePdf: { params: { id: quoteIds } },
  startTrial: { body: body(() => ({})) },
  extendTrial: { body: body(() => ({})) },
  setRenewalSeats: { params: { id: anyOf('subscription') }, body: body(() => ({ seats: fc.integer({ min: -1, max: 30 }) })) },
  setAutoRenew: { params: { id: anyOf('subscription') }, body: body(() => ({ autoRenew: fc.boolean() })) },
  renewals: {},
  product: { params: { pid: () => fc.constantFrom('commercial', 'commercial-plus', 'community', 'nothing', '%2e%2e') } },
  // Open calls: the webhook proves itself with Stripe's signature, the feed with Basic credentials; neither has them here.
  stripeWebhook: { body: () => fc.record({ id: fc.constant('evt_hostile'), type: fc.constant('customer.subscription.updated'), data: fc.constant({ object: { id: 'sub_hostile' } }) }) },
  feedAuthorize: {},
  feedV3: {},
}

/** Spoils a well-formed body the way a hostile client would: a field of the wrong kind, one gone, keys added, or another body altogether. */
const spoiled = (wellFormed: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof(
    { weight: 3, arbitrary: wellFormed },
    {
      weight: 2,
      arbitrary: fc.tuple(wellFormed, fc.nat(), hostileValue).map(([fields, index, value]) => {
        const keys = Object.keys(fields)
        return keys.length ? { ...fields, [keys[index % keys.length]!]: value } : fields
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(wellFormed, fc.nat()).map(([fields, index]) => {
        const keys = Object.keys(fields)
        return Object.fromEntries(Object.entries(fields).filter(([key]) => key !== keys[index % Math.max(keys.length, 1)]))
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(wellFormed, fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'admin', 'orgOid', 'ownerOid', 'role'), hostileValue, { minKeys: 1, maxKeys: 3 }))
        .map(([fields, extra]) => ({ ...fields, ...extra })),
    },
    { weight: 1, arbitrary: hostileValue },
  )

/** One request: the caller, the instance, what it sends, and whether it goes at once with the one before it. */
interface Request {
  route: RouteName
  instance: 0 | 1
  path: string
  body?: unknown
  together: boolean
}

/** A request for the call, as the path, the query and the body of one of the hostile kinds. */
function request(route: RouteName, who: Caller, ids: Ids): fc.Arbitrary<Request> {
  const template = templates[route]
  const { method, path } = apiRoutes[route]
  const params = Object.entries(template.params ?? {})
  const filled = fc
    .tuple(...params.map(([, pick]) => pick(ids)))
    .map((values) => params.reduce((built, [name], index) => built.replace(`:${name}`, encodeURIComponent(values[index]!)), path.replace('/*', '/index.json')))
  const query = fc.record(template.query ?? {}).map((fields) => {
    const search = new URLSearchParams(fields as Record<string, string>).toString()
    return search ? `?${search}` : ''
  })
  const sent = method === 'GET' || method === 'DELETE' ? fc.constant(undefined) : template.body ? spoiled(template.body(ids, who)) : fc.option(hostileValue, { nil: undefined })
  return fc
    .record({ path: fc.tuple(filled, query).map(([at, search]) => `${at}${search}`), body: sent, instance: fc.constantFrom(0 as const, 1 as const), together: fc.boolean() })
    .map((made) => ({ ...made, route }))
}

/**
 * Runs `runs` seeded runs of hostile calls against the API: each a caller and up to eight requests
 * (some at once, through either instance). Fails on any 5xx, and when anything changed outside the
 * caller's organisation (every other organisation's rows and every other person's account, compared
 * before and after each run). Answers how many requests were sent.
 */
export async function runHostileCalls(api: Api, runs: number, seed: number): Promise<number> {
  const db = api.db
  let requests = 0
  const other = api.anotherInstance()
  /** The ids the database holds now, ours and theirs, for the requests to name (the seats assigned, which a change could free). */
  async function readIds(): Promise<Ids> {
    const split = async (sql: string) => {
      const rows = await db.query<{ id: string; org: string }>(`select * from (${sql}) q order by md5(q.id) limit 60`, [oidOf('owner')])
      return { ours: rows.filter((row) => row.org === oidOf('owner')).map((row) => row.id), theirs: rows.filter((row) => row.org !== oidOf('owner')).map((row) => row.id) }
    }
    const secrets = (await db.query<{ text: string }>("select text from mail_outbox where purpose = 'invitation' order by created_at desc limit 5")).flatMap(
      (mail) => /\/account\/invitations\/([\w-]{43})/.exec(mail.text)?.[1] ?? [],
    )
    return {
      seat: await split('select x.id, s.owner_oid as org from seats x join subscriptions s on s.id = x.subscription_id where x.assignee_email is not null and $1::text is not null'),
      token: await split('select x.id, s.owner_oid as org from feed_tokens x join subscriptions s on s.id = x.subscription_id where $1::text is not null'),
      invitation: await split('select id, org_oid as org from invitations where $1::text is not null'),
      person: await split(
        "select member_oid as id, org_oid as org from memberships where $1::text is not null union select oid, 'none' from accounts where oid not in (select member_oid from memberships)",
      ),
      subscription: await split('select stripe_subscription_id as id, owner_oid as org from subscriptions where stripe_subscription_id is not null and $1::text is not null'),
      session: await split('select id, owner_oid as org from checkouts where $1::text is not null'),
      secret: { ours: [], theirs: secrets },
    }
  }
  /** Paula's organisation as the run starts: her billing and seat managers in their roles, no transfer offered. */
  async function restoreOrganisation() {
    const org = oidOf('owner')
    await db.query('delete from ownership_transfers where org_oid = $1', [org])
    for (const [who, role] of [
      ['owner', 'owner'],
      ['billing', 'billing-manager'],
      ['seats', 'seat-manager'],
    ] as const)
      await db.query('insert into memberships (member_oid, org_oid, role) values ($1, $2, $3) on conflict (member_oid) do update set org_oid = excluded.org_oid, role = excluded.role', [
        oidOf(who),
        org,
        role,
      ])
  }
  /** The organisation a caller acts on now: the one they are a member of, else their own. */
  const organisationOf = async (who: Caller) => (await db.query<{ org: string }>('select org_oid as org from memberships where member_oid = $1', [oidOf(who)]))[0]?.org ?? oidOf(who)

  await join(api, callers.owner, callers.billing, 'billing-manager')
  await join(api, callers.owner, callers.seats, 'seat-manager')
  expect((await api.call(callers.owner, 'POST', '/licenses/assign', { firstName: 'Holly', lastName: 'Holder', email: callers.holder })).status).toBe(200)
  await signIn(api, callers.holder)
  const ids = await readIds()
  // The calls that name an id are where one organisation could reach another's: six times as likely.
  const routes = (Object.keys(apiRoutes) as RouteName[]).map((route) => ({ weight: templates[route].params || templates[route].namesId ? 6 : 1, arbitrary: fc.constant(route) }))
  // The members, who can change most, twice as likely as the callers outside.
  const who = fc.oneof(...(Object.keys(callers) as Caller[]).map((caller) => ({ weight: ['owner', 'billing', 'seats'].includes(caller) ? 2 : 1, arbitrary: fc.constant(caller) })))
  const run = who.chain((caller) =>
    fc.record({
      who: fc.constant(caller),
      requests: fc.array(
        fc.oneof(...routes).chain((route) => request(route, caller, ids)),
        { minLength: 1, maxLength: 8 },
      ),
    }),
  )
  await fc.assert(
    fc.asyncProperty(run, async ({ who, requests: sent }) => {
      await restoreOrganisation()
      await api.sandbox.webhooks.drain()
      const before = await organisationOf(who)
      const self = { oid: oidOf(who), email: callers[who] }
      const untouched = await organisationRows(db, self)
      // Requests marked `together` go at once with the one before them.
      const groups = sent.reduce<Request[][]>((grouped, next) => (next.together && grouped.length ? [...grouped.slice(0, -1), [...grouped.at(-1)!, next]] : [...grouped, [next]]), [])
      for (const group of groups) {
        const answers = await Promise.all(
          group.map(async (next) => {
            const { method } = apiRoutes[next.route]
            requests++
            const answer = next.instance === 0 ? await api.call(callers[who], method, next.path, next.body) : await other.call(callers[who], method, next.path, next.body)
            return { ...next, status: answer.status }
          }),
        )
        for (const answer of answers) expect(answer.status, `${who} ${apiRoutes[answer.route].method} ${answer.path} ${JSON.stringify(answer.body)?.slice(0, 200)}`).toBeLessThan(500)
      }
      await api.sandbox.webhooks.drain()
      const spared = [before, await organisationOf(who), self.oid]
      const changed = changedOutside(untouched, await organisationRows(db, self), spared)
      expect(changed, `${who} (of ${before}) changed another organisation's rows: ${changed.join(', ')}`).toEqual([])
    }),
    { numRuns: runs, seed, endOnFailure: true },
  )
  return requests
}
