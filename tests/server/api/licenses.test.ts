import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'

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
})
