import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkoutReturnAddresses } from '@/common/checkout-return'
import { openPaths } from '@/server/api/app'
import { declaredPermissions } from '@/server/api/permissions'
import { permissions, type Permission } from '@/server/organisations/roles'
import { describeApi } from '@/tests/support/server/api-fixture'
import { databases } from '@/tests/support/server/database'
import { person, type Api } from '@/tests/support/server/api-harness'
import { join, mailedSecret, signIn } from '@/tests/support/server/organisation'

/**
 * Every API call (every route the app declares a permission for) as every kind of caller, against
 * one organisation (Paula's, Commercial Plus): its owner, billing manager, seat manager and a seat
 * holder, a stranger (an account of its own, in no organisation) and a seat holder of another
 * organisation (Dev One holds Cara's). 200 (or the call's success) where allowed, 403 with the
 * permission's words where the role does not allow it, and 404 where the thing is not the caller's
 * to know of. Callers outside the organisation act on their own (they own it implicitly): a list
 * answers theirs, a thing of Paula's is unknown to them.
 */
const callers = {
  owner: 'plus@example.com',
  billing: 'matrix.billing@example.com',
  seats: 'matrix.seats@example.com',
  holder: 'matrix.holder@example.com',
  stranger: 'nolicense@example.com',
  otherHolder: 'dev1@example.com',
} as const
type Caller = keyof typeof callers
type Expected = Record<Caller, number>

/** What a cell needs made first (as the owner) and put back after. */
interface Made {
  id: string
  seats?: number
  undo?: () => Promise<unknown>
}
interface Row {
  call: string
  /** The request for a caller, given what was made for the cell. */
  request: (who: Caller, made: Made) => { path: string; body?: unknown }
  expected: Expected
  /** Makes what the call is about (a seat, a token, an invitation, the caller's payment customer) before each cell. */
  make?: (api: Api, who: Caller) => Promise<Made>
  /** Puts back what a successful call changed. */
  undo?: (api: Api, answer: { body: unknown }, made: Made) => Promise<unknown>
}

const all = (status: number): Expected => ({ owner: status, billing: status, seats: status, holder: status, stranger: status, otherHolder: status })
/** Allowed for the roles listed; the other members refused (403); callers outside act on their own organisation. */
const roles = (allowed: number, members: Partial<Record<'owner' | 'billing' | 'seats', boolean>>, outside: number): Expected => ({
  owner: members.owner ? allowed : 403,
  billing: members.billing ? allowed : 403,
  seats: members.seats ? allowed : 403,
  holder: outside,
  stranger: outside,
  otherHolder: outside,
})
const back = 'https://localhost:5173/account/licenses'
const company = { legalName: 'Matrix Ltd', address: { line1: '1 Matrix Way', line2: '', city: 'Dublin', postalCode: 'D02', state: '', country: 'IE' }, taxId: null }
/** Paula's subscription's renewal, renewing with the seats it has (a change to nothing). */
async function paulasRenewal(api: Api): Promise<Made> {
  const [renewal] = (await api.call(callers.owner, 'GET', '/renewals')).body as { subscriptionId: string; renewalSeats: number }[]
  return { id: renewal!.subscriptionId, seats: renewal!.renewalSeats }
}
const profile = { firstName: 'Matrix', lastName: 'Caller', image: '', github: '', companyName: '', country: '', address: '', city: '', state: '', zip: '', emailAnnouncements: true }
/**
 * Outside the organisation, a billing call acts on the caller's own account, which needs a payment
 * customer: a checkout makes one (as a purchase does). Each billing row makes it itself, so no row
 * depends on another having run before it.
 */
async function ownPaymentCustomer(api: Api, who: Caller): Promise<Made> {
  // The branch is the setup's: only these callers act outside an organisation, on an account of their own.
  if (who === 'holder' || who === 'stranger' || who === 'otherHolder') {
    // The order the checkout row sends: asked again, it is the same checkout.
    const answer = await api.call(callers[who], 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 1, ...checkoutReturnAddresses(back) })
    expect(answer.status, `${who}'s payment customer: ${JSON.stringify(answer.body)}`).toBe(200)
  }
  return { id: callers[who] }
}
/** A caller outside the organisation whose own organisation had its trial (decision 0047): a trial asked for is refused, and nothing made. */
async function hadTrial(api: Api, who: Caller): Promise<Made> {
  if (who !== 'holder' && who !== 'stranger' && who !== 'otherHolder') return { id: callers[who] }
  const oid = oidOf(who)
  await api.db.query("insert into trials (id, owner_oid, person_oid, email, stripe_subscription_id) values ($1, $2, $2, $3, 'sub_matrix_trial')", [`trial_matrix_${who}`, oid, callers[who]])
  return { id: callers[who], undo: () => api.db.query('delete from trials where owner_oid = $1', [oid]) }
}
const oidOf = (who: Caller) => person(callers[who])?.oid ?? `oid-${callers[who]}`

let counter = 0
const fresh = (what: string) => `matrix.${what}.${++counter}@example.com`
async function assignFresh(api: Api): Promise<Made> {
  const answer = await api.call(callers.owner, 'POST', '/licenses/assign', { firstName: 'Mat', lastName: 'Rix', email: fresh('seat') })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const id = answer.body.id as string
  return { id, undo: () => api.call(callers.owner, 'POST', '/licenses/unassign', { licenseId: id }) }
}
async function inviteFresh(api: Api): Promise<Made> {
  const email = fresh('invitee')
  const answer = await api.call(callers.owner, 'POST', '/organisation/invitations', { email, role: 'seat-manager' })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const id = answer.body.id as string
  return { id: `${id} ${await mailedSecret(api, email)}`, undo: () => api.call(callers.owner, 'DELETE', `/organisation/invitations/${id}`) }
}
const offerTo =
  (to: string) =>
  async (api: Api): Promise<Made> => {
    const answer = await api.call(callers.owner, 'POST', '/organisation/transfer', { to, formerOwnerBecomes: 'billing-manager' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return { id: to, undo: () => api.call(callers.owner, 'DELETE', '/organisation/transfer') }
  }

const rows: Row[] = [
  { call: 'POST /api/auth/login', request: (who) => ({ path: '/auth/login', body: { firstName: 'Matrix', lastName: 'Caller', email: callers[who], oid: oidOf(who) } }), expected: all(200) },
  { call: 'GET /api/account', request: () => ({ path: '/account' }), expected: all(200) },
  { call: 'PUT /api/account', request: () => ({ path: '/account', body: profile }), expected: all(200) },
  { call: 'GET /api/account/stats', request: () => ({ path: '/account/stats' }), expected: roles(200, { owner: true, billing: true, seats: true }, 200) },
  { call: 'GET /api/account/activity', request: () => ({ path: '/account/activity' }), expected: roles(200, { owner: true, seats: true }, 200) },
  // Discord is for Commercial Plus seat holders, whoever they are (403 in words for anyone else).
  { call: 'POST /api/discord/connect', request: () => ({ path: '/discord/connect', body: { discordName: 'matrix.caller' } }), expected: { ...all(403), owner: 200, holder: 200 } },
  { call: 'GET /api/licenses', request: () => ({ path: '/licenses' }), expected: all(200) },
  { call: 'GET /api/licenses/assigned', request: () => ({ path: '/licenses/assigned' }), expected: roles(200, { owner: true, seats: true }, 200) },
  { call: 'GET /api/licenses/assigned.csv', request: () => ({ path: '/licenses/assigned.csv' }), expected: roles(200, { owner: true, seats: true }, 200) },
  {
    call: 'POST /api/licenses/assign',
    request: () => ({ path: '/licenses/assign', body: { firstName: 'Mat', lastName: 'Rix', email: fresh('assigned') } }),
    // Outside, their own organisation has no subscription.
    expected: roles(200, { owner: true, seats: true }, 404),
    undo: (api, answer) => api.call(callers.owner, 'POST', '/licenses/unassign', { licenseId: (answer.body as { id: string }).id }),
  },
  {
    call: 'POST /api/licenses/unassign',
    make: assignFresh,
    request: (_, made) => ({ path: '/licenses/unassign', body: { licenseId: made.id } }),
    expected: roles(200, { owner: true, seats: true }, 404),
  },
  { call: 'POST /api/licenses/:licenseId/resend', make: assignFresh, request: (_, made) => ({ path: `/licenses/${made.id}/resend` }), expected: roles(200, { owner: true, seats: true }, 404) },
  {
    call: 'POST /api/licenses/:licenseId/regenerate-key',
    make: async (api) => ({ id: (await api.db.query<{ id: string }>('select id from seats where assignee_email = $1', [callers.holder]))[0]!.id }),
    request: (_, made) => ({ path: `/licenses/${made.id}/regenerate-key` }),
    // The seat's holder, and its organisation's owners and seat managers.
    expected: { owner: 200, billing: 403, seats: 200, holder: 200, stranger: 404, otherHolder: 404 },
  },
  {
    call: 'GET /api/licenses/:licenseId/license-file',
    make: async (api) => ({ id: (await api.db.query<{ id: string }>('select id from seats where assignee_email = $1', [callers.holder]))[0]!.id }),
    request: (_, made) => ({ path: `/licenses/${made.id}/license-file` }),
    // The seat's holder, and its organisation's owners and seat managers; anyone else learns nothing of it.
    expected: { owner: 200, billing: 404, seats: 200, holder: 200, stranger: 404, otherHolder: 404 },
  },
  { call: 'GET /api/feed-tokens', request: () => ({ path: '/feed-tokens' }), expected: roles(200, { owner: true, seats: true }, 200) },
  {
    call: 'POST /api/feed-tokens',
    request: () => ({ path: '/feed-tokens', body: { name: 'Matrix CI' } }),
    // Outside, their own organisation has no Commercial Plus subscription: 409 in words.
    expected: roles(201, { owner: true, seats: true }, 409),
    undo: (api, answer) => api.call(callers.owner, 'DELETE', `/feed-tokens/${(answer.body as { token: { id: string } }).token.id}`),
  },
  {
    call: 'DELETE /api/feed-tokens/:id',
    make: async (api) => {
      const id = (await api.call(callers.owner, 'POST', '/feed-tokens', { name: 'Matrix made' })).body.token.id as string
      return { id, undo: () => api.call(callers.owner, 'DELETE', `/feed-tokens/${id}`) }
    },
    request: (_, made) => ({ path: `/feed-tokens/${made.id}` }),
    expected: roles(204, { owner: true, seats: true }, 404),
  },
  {
    call: 'POST /api/feed-tokens/:id/resume',
    // A token suspended on a possible leak, as the feed marks one (server/feed/token-networks.ts).
    make: async (api) => {
      const id = (await api.call(callers.owner, 'POST', '/feed-tokens', { name: 'Matrix leaked', suspendOnLeak: true })).body.token.id as string
      await api.db.query('update feed_tokens set leak_at = now(), suspended_at = now() where id = $1', [id])
      return { id, undo: () => api.call(callers.owner, 'DELETE', `/feed-tokens/${id}`) }
    },
    request: (_, made) => ({ path: `/feed-tokens/${made.id}/resume` }),
    expected: roles(204, { owner: true, seats: true }, 404),
  },
  {
    call: 'POST /api/feed-tokens/revoke-by-creator',
    // The owner's own tokens, one made for the cell: revoked by those who may revoke one; outside, none of theirs (200, none revoked).
    make: async (api) => {
      const id = (await api.call(callers.owner, 'POST', '/feed-tokens', { name: 'Matrix by one person' })).body.token.id as string
      return { id, undo: () => api.call(callers.owner, 'DELETE', `/feed-tokens/${id}`) }
    },
    request: () => ({ path: '/feed-tokens/revoke-by-creator', body: { oid: oidOf('owner') } }),
    expected: roles(200, { owner: true, seats: true }, 200),
  },
  { call: 'GET /api/organisation', request: () => ({ path: '/organisation' }), expected: all(200) },
  { call: 'PUT /api/organisation/members/:oid', request: () => ({ path: `/organisation/members/${oidOf('seats')}`, body: { role: 'seat-manager' } }), expected: roles(200, { owner: true }, 404) },
  {
    call: 'DELETE /api/organisation/members/:oid',
    make: async (api) => {
      const email = fresh('member')
      await join(api, callers.owner, email, 'seat-manager')
      return { id: `oid-${email}`, undo: () => api.call(callers.owner, 'DELETE', `/organisation/members/oid-${email}`) }
    },
    request: (_, made) => ({ path: `/organisation/members/${made.id}` }),
    expected: roles(204, { owner: true }, 404),
  },
  {
    call: 'POST /api/organisation/transfer',
    request: () => ({ path: '/organisation/transfer', body: { to: oidOf('seats'), formerOwnerBecomes: null } }),
    expected: roles(200, { owner: true }, 404),
    undo: (api) => api.call(callers.owner, 'DELETE', '/organisation/transfer'),
  },
  { call: 'DELETE /api/organisation/transfer', make: offerTo(oidOf('seats')), request: () => ({ path: '/organisation/transfer' }), expected: roles(204, { owner: true }, 404) },
  // An offer to another member: only that member may accept or decline it; to anyone else it is unknown.
  {
    call: 'POST /api/organisation/transfer/accept',
    make: offerTo(oidOf('seats')),
    request: () => ({ path: '/organisation/transfer/accept' }),
    expected: { ...all(404), seats: 200 },
    undo: (api) => revertTransfer(api),
  },
  { call: 'POST /api/organisation/transfer/decline', make: offerTo(oidOf('seats')), request: () => ({ path: '/organisation/transfer/decline' }), expected: { ...all(404), seats: 204 } },
  { call: 'GET /api/organisation/invitations', request: () => ({ path: '/organisation/invitations' }), expected: roles(200, { owner: true }, 200) },
  {
    call: 'POST /api/organisation/invitations',
    request: () => ({ path: '/organisation/invitations', body: { email: fresh('invited'), role: 'billing-manager' } }),
    // Outside, each owns their own organisation and may invite to it.
    expected: roles(201, { owner: true }, 201),
    undo: (api, answer, made) => api.call(made.id, 'DELETE', `/organisation/invitations/${(answer.body as { id: string }).id}`),
  },
  {
    call: 'POST /api/organisation/invitations/:id/resend',
    make: inviteFresh,
    request: (_, made) => ({ path: `/organisation/invitations/${made.id.split(' ')[0]}/resend` }),
    expected: roles(200, { owner: true }, 404),
  },
  {
    call: 'DELETE /api/organisation/invitations/:id',
    make: inviteFresh,
    request: (_, made) => ({ path: `/organisation/invitations/${made.id.split(' ')[0]}` }),
    expected: roles(204, { owner: true }, 404),
  },
  // An invitation to someone else: the link opens nothing for anyone but the person it was sent to.
  { call: 'POST /api/invitations/offer', make: inviteFresh, request: (_, made) => ({ path: '/invitations/offer', body: { secret: made.id.split(' ')[1] } }), expected: all(403) },
  { call: 'POST /api/invitations/accept', make: inviteFresh, request: (_, made) => ({ path: '/invitations/accept', body: { secret: made.id.split(' ')[1] } }), expected: all(403) },
  { call: 'GET /api/products/:pid', request: () => ({ path: '/products/commercial-plus' }), expected: roles(200, { owner: true, billing: true }, 200) },
  { call: 'GET /api/stripe/has-default-payment-method', request: () => ({ path: '/stripe/has-default-payment-method' }), expected: roles(200, { owner: true, billing: true }, 200) },
  // Outside callers' own organisations make no purchase: no card to set up (409 in words).
  { call: 'GET /api/stripe/create-setup-intent', request: () => ({ path: '/stripe/create-setup-intent' }), expected: roles(200, { owner: true, billing: true }, 409) },
  // Outside callers act on a payment customer of their own.
  {
    call: 'POST /api/stripe/create-customer-portal-session',
    make: ownPaymentCustomer,
    request: () => ({ path: '/stripe/create-customer-portal-session', body: { returnUrl: back } }),
    expected: roles(200, { owner: true, billing: true }, 200),
  },
  // A made-up payment method passes the permission and is refused by the payment provider.
  {
    call: 'POST /api/stripe/save-default-payment-method',
    make: ownPaymentCustomer,
    request: () => ({ path: '/stripe/save-default-payment-method', body: { paymentMethodId: 'pm_matrix_madeup' } }),
    expected: roles(402, { owner: true, billing: true }, 402),
  },
  // Paula's plan is the highest already: her upgrade is refused in words; outside, there is nothing to upgrade.
  { call: 'GET /api/stripe/upgrade-preview', request: () => ({ path: '/stripe/upgrade-preview?priceId=commercial-plus&quantity=4' }), expected: roles(409, { owner: true, billing: true }, 404) },
  {
    call: 'POST /api/stripe/upgrade-community-subscription',
    request: () => ({ path: '/stripe/upgrade-community-subscription', body: { priceId: 'commercial-plus', quantity: 4 } }),
    expected: roles(409, { owner: true, billing: true }, 404),
  },
  { call: 'GET /api/stripe/checkout-sessions/:sessionId', request: () => ({ path: '/stripe/checkout-sessions/cs_matrix_unknown' }), expected: roles(404, { owner: true, billing: true }, 404) },
  {
    call: 'POST /api/stripe/create-checkout-session',
    request: () => ({ path: '/stripe/create-checkout-session', body: { priceId: 'commercial-plus', quantity: 1, successUrl: back, cancelUrl: back } }),
    expected: roles(200, { owner: true, billing: true }, 200),
  },
  // Invoices, company details and renewals: billing's. Outside, each caller acts on their own account,
  // with a payment customer of its own.
  { call: 'GET /api/stripe/invoices', make: ownPaymentCustomer, request: () => ({ path: '/stripe/invoices' }), expected: roles(200, { owner: true, billing: true }, 200) },
  { call: 'GET /api/stripe/company', make: ownPaymentCustomer, request: () => ({ path: '/stripe/company' }), expected: roles(200, { owner: true, billing: true }, 200) },
  {
    call: 'PUT /api/stripe/company',
    make: ownPaymentCustomer,
    request: () => ({ path: '/stripe/company', body: company }),
    expected: roles(200, { owner: true, billing: true }, 200),
  },
  // An order of the free plan passes the permission and is refused by the rules (nothing is made).
  {
    call: 'POST /api/stripe/invoice-orders',
    request: () => ({ path: '/stripe/invoice-orders', body: { priceId: 'community', quantity: 1, company, poNumber: 'PO-1' } }),
    expected: roles(422, { owner: true, billing: true }, 422),
  },
  {
    call: 'POST /api/stripe/invoice-orders/seats',
    request: () => ({ path: '/stripe/invoice-orders/seats', body: { priceId: 'community', quantity: 1, company, poNumber: 'PO-1' } }),
    expected: roles(422, { owner: true, billing: true }, 422),
  },
  // Quotes (issue 49): each caller lists their own (none here); a quote of the free plan is refused by
  // the rules, nothing asked of Stripe; a quote that is not the caller's is not found.
  { call: 'GET /api/stripe/quotes', request: () => ({ path: '/stripe/quotes' }), expected: roles(200, { owner: true, billing: true }, 200) },
  {
    call: 'POST /api/stripe/quotes',
    request: () => ({ path: '/stripe/quotes', body: { priceId: 'community', quantity: 1, company, poNumber: 'PO-1' } }),
    expected: roles(422, { owner: true, billing: true }, 422),
  },
  { call: 'POST /api/stripe/quotes/:id/accept', request: () => ({ path: '/stripe/quotes/qt_nobodys/accept', body: {} }), expected: roles(404, { owner: true, billing: true }, 404) },
  { call: 'GET /api/stripe/quotes/:id/pdf', request: () => ({ path: '/stripe/quotes/qt_nobodys/pdf' }), expected: roles(404, { owner: true, billing: true }, 404) },
  // A trial passes the permission and is refused by its rules (nothing is made): Paula's organisation
  // has licenses; the callers outside had their trial (a row made for the cell, removed after).
  {
    call: 'POST /api/stripe/trial',
    make: hadTrial,
    request: () => ({ path: '/stripe/trial', body: {} }),
    expected: roles(409, { owner: true, billing: true }, 409),
  },
  { call: 'POST /api/stripe/trial/extension', request: () => ({ path: '/stripe/trial/extension', body: {} }), expected: roles(409, { owner: true, billing: true }, 409) },
  { call: 'GET /api/renewals', request: () => ({ path: '/renewals' }), expected: roles(200, { owner: true, billing: true }, 200) },
  {
    call: 'PUT /api/stripe/renewals/:id/seats',
    make: paulasRenewal,
    request: (_who, made) => ({ path: `/stripe/renewals/${made.id}/seats`, body: { seats: made.seats } }),
    expected: roles(200, { owner: true, billing: true }, 404),
  },
  {
    call: 'PUT /api/stripe/renewals/:id/auto-renew',
    make: paulasRenewal,
    request: (_who, made) => ({ path: `/stripe/renewals/${made.id}/auto-renew`, body: { autoRenew: true } }),
    expected: roles(200, { owner: true, billing: true }, 404),
  },
]

/** The seat manager who accepted ownership gives it back, as Paula's seat manager again. */
async function revertTransfer(api: Api) {
  await api.call(callers.seats, 'POST', '/organisation/transfer', { to: oidOf('owner'), formerOwnerBecomes: 'seat-manager' })
  await api.call(callers.owner, 'POST', '/organisation/transfer/accept')
}

// On both databases: every route's statements reach PGlite, the local stack's database, here too (decision 0068).
describeApi(
  'the permission matrix on $name',
  (api) => {
    const refusals = new Set<string>(Object.values(permissions).flatMap((rule) => (rule ? [rule.refusal] : [])))
    /** The permission each route declares (read once the API is started). */
    const declared = () => declaredPermissions(api.app, openPaths)
    let cells = 0

    beforeAll(async () => {
      await join(api, callers.owner, callers.billing, 'billing-manager')
      await join(api, callers.owner, callers.seats, 'seat-manager')
      expect((await api.call(callers.owner, 'POST', '/licenses/assign', { firstName: 'Holly', lastName: 'Holder', email: callers.holder })).status).toBe(200)
      await signIn(api, callers.holder)
    })
    // The figure for the record (warn: the lint allows warn and error only).
    afterAll(() => console.warn(`permission matrix: ${rows.length} calls × ${Object.keys(callers).length} callers = ${cells} cells, each as expected`))

    it('has a row for every route the API declares a permission for, and the permission each declares', () => {
      expect(rows.map((row) => row.call).sort()).toEqual([...declared().keys()].sort())
      expect([...declared().values()].every((permission: Permission | undefined) => permission !== undefined)).toBe(true)
    })

    it.each(rows.map((row) => [row.call, row] as const))('%s', async (call, row) => {
      const method = call.split(' ')[0]!
      for (const who of Object.keys(callers) as Caller[]) {
        const made = row.make ? await row.make(api, who) : { id: callers[who] }
        const { path, body } = row.request(who, made)
        const answer = await api.call(callers[who], method, path, body)
        const expected = row.expected[who]
        expect([who, answer.status], `${who}: ${JSON.stringify(answer.body)}`).toEqual([who, expected])
        // The branch is the test: a refusal (the cell's 403) says why.
        if (expected === 403) expect(typeof answer.body?.message === 'string' && answer.body.message.length > 10, `${who}: a 403 says why in words`).toBe(true)
        // A role's refusal is the permission's own words (a person's call refuses in the domain's).
        if (expected === 403 && declared().get(call) !== 'person') expect(refusals.has(answer.body.message), `${who}: the role's refusal`).toBe(true)
        if (answer.status < 300) await row.undo?.(api, { body: answer.body }, { id: callers[who] })
        await made.undo?.()
        cells++
      }
    })
  },
  databases,
)
