import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { expect, it } from 'vitest'
import { licensingKeysPath } from '@/common/api-paths'
import { licensingKeysApp } from '@/server/api/licensing-keys'
import { describeApi } from '@/tests/support/server/api-fixture'
import { origin, person, type Api } from '@/tests/support/server/api-harness'

const seatOf = async (api: Api, email: string) => (await api.db.query<{ id: string }>('select id from seats where lower(assignee_email) = $1', [email]))[0]!.id

/** The file verified as a customer's verifier would: against the published keys, the signature, its issuer and its expiry. */
async function verified(api: Api, jws: string) {
  const { payload, protectedHeader } = await jwtVerify(jws, createLocalJWKSet(api.licenseKeyring.published()), { issuer: origin, algorithms: ['ES256'] })
  return { payload, protectedHeader }
}

describeApi('licenses on $name', (api) => {
  it('lists the licenses a person holds, with the owner’s email [S7.licenses]', async () => {
    const plus = await api.call('plus@example.com', 'GET', '/licenses')
    expect(plus.status).toBe(200)
    expect(plus.body).toEqual([expect.objectContaining({ subscription: 'Commercial Plus', priceId: 'commercial-plus', accountEmail: 'plus@example.com', discordConnected: false })])
    expect(plus.body[0].licenseKey).toMatch(/^PRSM(-[A-Z2-9]{5}){5}$/)
    const dev1 = await api.call('dev1@example.com', 'GET', '/licenses')
    expect(dev1.body).toEqual([expect.objectContaining({ subscription: 'Commercial', accountEmail: 'commercial@example.com' })])
    expect((await api.call('nolicense@example.com', 'GET', '/licenses')).body).toEqual([])
  })

  it('gives the owner the stats and assigned seats of their subscription [S7.assigned S7.stats]', async () => {
    expect((await api.call('commercial@example.com', 'GET', '/account/stats/')).body).toEqual({ subscription: 'Commercial', priceId: 'commercial', purchased: 5, assigned: 2, available: 3 })
    expect((await api.call('commercial@example.com', 'GET', '/account/stats')).status).toBe(200)
    expect((await api.call('nolicense@example.com', 'GET', '/account/stats/')).body).toEqual({ subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 })
    const assigned = await api.call('commercial@example.com', 'GET', '/licenses/assigned')
    expect(assigned.body.map((seat: { email: string }) => seat.email)).toEqual(['commercial@example.com', 'dev1@example.com'])
  })

  it('assigns a free seat, refuses a second seat for the same email (409), and unassigns [S6.owner-assigns S7.assign S7.unassign]', async () => {
    const assigned = await api.call('commercial@example.com', 'POST', '/licenses/assign', { firstName: ' Grace ', lastName: 'Hopper', email: 'Grace@Example.com' })
    expect(assigned.status).toBe(200)
    // The seat as Manage Licenses lists it: until the new holder signs in, pending, never used on the feed,
    // ending with the subscription's period as Stripe holds it.
    const periodEnd = (await api.stripe.subscriptions.retrieve('sub_demo_commercial')).items.data[0]!.current_period_end
    expect(assigned.body).toEqual({
      id: expect.any(String),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      expirationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastFeedAccessAt: null,
      pending: true,
    })
    // Stripe keeps whole seconds, and so does the demo data.
    expect(Date.parse(assigned.body.expirationDate)).toBe(periodEnd * 1000)
    expect((await api.call('grace@example.com', 'GET', '/licenses')).body).toHaveLength(1)
    const again = await api.call('commercial@example.com', 'POST', '/licenses/assign', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' })
    expect(again.status).toBe(409)
    expect(again.body.message).toContain('already holds a license')
    expect((await api.call('commercial@example.com', 'POST', '/licenses/unassign', { licenseId: assigned.body.id })).status).toBe(200)
    expect((await api.call('grace@example.com', 'GET', '/licenses')).body).toEqual([])
    expect((await api.call('commercial@example.com', 'GET', '/account/stats/')).body).toMatchObject({ assigned: 2, available: 3 })
  })

  it('refuses to assign when no seat is left (409)', async () => {
    const full = await api.call('full@example.com', 'POST', '/licenses/assign', { firstName: 'No', lastName: 'Seat', email: 'noseat@example.com' })
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('No license is left to assign. Buy additional licenses first.')
  })

  it('answers 404 for someone else’s seat or an unknown one', async () => {
    const [seat] = (await api.call('commercial@example.com', 'GET', '/licenses/assigned')).body
    expect((await api.call('plus@example.com', 'POST', '/licenses/unassign', { licenseId: seat.id })).status).toBe(404)
    expect((await api.call('commercial@example.com', 'POST', '/licenses/unassign', { licenseId: 'seat_unknown' })).status).toBe(404)
    expect((await api.call('commercial@example.com', 'GET', '/no-such-call')).status).toBe(404)
    // Someone who owns no subscription has no seats to assign or unassign.
    expect((await api.call('dev1@example.com', 'POST', '/licenses/unassign', { licenseId: seat.id })).status).toBe(404)
  })

  it('refuses an unassignment without a license id, or with one that is not text (422, in words)', async () => {
    const answer = await api.call('commercial@example.com', 'POST', '/licenses/unassign', {})
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain('License id is required')
    expect(await api.call('commercial@example.com', 'POST', '/licenses/unassign', { licenseId: 123 })).toMatchObject({ status: 422, body: { message: 'License id must be text' } })
  })

  it.each([
    [{ lastName: 'L', email: 'a@example.com' }, 'First name is required'],
    [{ firstName: '  ', lastName: 'L', email: 'a@example.com' }, 'First name is required'],
    [{ firstName: 'F', email: 'a@example.com' }, 'Last name is required'],
    [{ firstName: 'F', lastName: 'L' }, 'Email is required'],
    [{ firstName: 'F', lastName: 'L', email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ firstName: 'F'.repeat(101), lastName: 'L', email: 'a@example.com' }, 'First name must be at most 100 characters'],
  ])('refuses invalid assignments with 422 naming the field: %j', async (body, message) => {
    const answer = await api.call('commercial@example.com', 'POST', '/licenses/assign', body)
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain(message)
  })

  it('never oversells: 50 concurrent assignments for 10 free seats give exactly 10', async () => {
    const purchase = await api.call('plus@example.com', 'POST', '/stripe/create-checkout-session', {
      priceId: 'commercial-plus',
      quantity: 8,
      successUrl: 'https://localhost:5173/account/licenses?success=true',
      cancelUrl: 'https://localhost:5173/account/licenses',
    })
    await api.pay(purchase.body.sessionId)
    const before = (await api.call('plus@example.com', 'GET', '/account/stats/')).body
    expect(before.available).toBe(10)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Dev', lastName: 'Tester', email: `dev${index}@plus.example.com` })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(40)
    expect((await api.call('plus@example.com', 'GET', '/account/stats/')).body).toMatchObject({ purchased: 11, assigned: 11, available: 0 })
  })

  it("gives the holder their seat's license file: ES256 with the key's id, what the seat covers, good for a year", async () => {
    const seat = await seatOf(api, 'plus@example.com')
    const answer = await api.call('plus@example.com', 'GET', `/licenses/${seat}/license-file`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/jwt')
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="prism-license.jwt"')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const { payload, protectedHeader } = await verified(api, answer.body as string)
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'JWT', kid: api.licenseKeyring.published().keys[0]!.kid })
    const periodEnd = (
      await api.db.query<{ current_period_end: Date }>('select current_period_end from subscriptions join seats on seats.subscription_id = subscriptions.id where seats.id = $1', [seat])
    )[0]!
    expect(payload).toEqual({
      iss: origin,
      sub: seat,
      org: person('plus@example.com').oid,
      email: 'plus@example.com',
      plan: 'commercial-plus',
      plan_name: 'Commercial Plus',
      packages: ['Prism.Plus.*'],
      updates_until: new Date(periodEnd.current_period_end).toISOString(),
      iat: expect.any(Number),
      exp: expect.any(Number),
    })
    expect(payload.exp! - payload.iat!).toBe(365 * 86_400)
    expect(Math.abs(payload.iat! * 1000 - Date.now())).toBeLessThan(60_000)
  })

  it("says what an ended seat's end left: a lapsed Commercial Plus seat covers what was released until its last paid day", async () => {
    const answer = await api.call('lapsed@example.com', 'GET', `/licenses/${await seatOf(api, 'lapsed@example.com')}/license-file`)
    expect(answer.status).toBe(200)
    const { payload } = await verified(api, answer.body as string)
    expect(payload).toMatchObject({ plan: 'commercial-plus', packages: ['Prism.Plus.*'], updates_until: '2026-05-31T23:59:59.000Z' })
  })

  it("gives the owner the file of a seat they assigned to someone else, with the holder's email and no private packages for Commercial", async () => {
    const seat = await seatOf(api, 'dev1@example.com')
    const answer = await api.call('commercial@example.com', 'GET', `/licenses/${seat}/license-file`)
    expect(answer.status).toBe(200)
    const { payload } = await verified(api, answer.body as string)
    expect(payload).toMatchObject({ sub: seat, email: 'dev1@example.com', org: person('commercial@example.com').oid, plan: 'commercial', packages: [] })
    expect((await api.call('dev1@example.com', 'GET', `/licenses/${seat}/license-file`)).status).toBe(200)
  })

  it('answers 404, and nothing else, to anyone else, for a free seat and for an unknown one', async () => {
    const seat = await seatOf(api, 'dev1@example.com')
    for (const stranger of ['plus@example.com', 'nolicense@example.com', 'lapsed@example.com']) {
      const answer = await api.call(stranger, 'GET', `/licenses/${seat}/license-file`)
      expect(answer.status, stranger).toBe(404)
      expect(answer.body).toEqual({ message: 'The license was not found.' })
    }
    const [free] = await api.db.query<{ id: string }>(
      'select seats.id from seats join subscriptions on subscriptions.id = seats.subscription_id where seats.assignee_email is null and subscriptions.owner_oid = $1 limit 1',
      [person('commercial@example.com').oid],
    )
    expect((await api.call('commercial@example.com', 'GET', `/licenses/${free!.id}/license-file`)).status).toBe(404)
    expect((await api.call('commercial@example.com', 'GET', '/licenses/seat_unknown/license-file')).status).toBe(404)
    expect((await api.call(null, 'GET', `/licenses/${seat}/license-file`)).status).toBe(401)
  })

  it('publishes the public keys as a cacheable JWKS that anyone may read, without their private halves', async () => {
    const answer = await licensingKeysApp(api.licenseKeyring).request(licensingKeysPath)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    const jwks = (await answer.json()) as { keys: Record<string, string>[] }
    expect(jwks.keys).toEqual([{ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' }])
    const file = (await api.call('plus@example.com', 'GET', `/licenses/${await seatOf(api, 'plus@example.com')}/license-file`)).body as string
    expect(decodeProtectedHeader(file).kid).toBe(jwks.keys[0]!.kid)
  })
})
