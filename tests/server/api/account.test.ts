import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'
import { person } from '@/tests/support/server/api-harness'

const profile = {
  firstName: 'Cara',
  lastName: 'Commercial',
  image: '',
  github: 'cara-dev',
  companyName: 'Contoso <b>Ltd</b>',
  country: 'Österreich',
  address: '1 Main St; DROP TABLE accounts; --',
  city: 'مدينة',
  state: '🙂',
  zip: '1010',
  emailAnnouncements: false,
}

describeApi('account, Discord and products on $name', (api) => {
  it('signs a person in from the token: creates the account once, keeps the oid of the token [S7.login]', async () => {
    const newcomer = await api.call('newcomer@example.com', 'POST', '/auth/login', { firstName: 'New', lastName: 'Comer', email: 'newcomer@example.com', oid: 'oid-newcomer@example.com' })
    expect(newcomer.status).toBe(200)
    expect(newcomer.body).toMatchObject({ email: 'newcomer@example.com', firstName: 'New', allowedPriceId: null, hasStripeAccount: false, emailAnnouncements: true })
    const cara = await api.call('commercial@example.com', 'POST', '/auth/login', {
      firstName: 'Cara',
      lastName: 'Commercial',
      email: 'commercial@example.com',
      oid: person('commercial@example.com').oid,
    })
    expect(cara.body).toMatchObject({ allowedPriceId: 'commercial', hasStripeAccount: true })
  })

  it.each([
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ oid: '' }, 'oid is required'],
    [{ firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
  ])('refuses an invalid sign-in with 422 naming the field: %j', async (change, named) => {
    const cara = person('commercial@example.com')
    const answer = await api.call(cara.email, 'POST', '/auth/login', { firstName: 'Cara', lastName: 'Commercial', email: cara.email, oid: cara.oid, ...change })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain(named)
  })

  it('refuses to sign in as someone else (403)', async () => {
    const other = await api.call('commercial@example.com', 'POST', '/auth/login', { firstName: 'X', lastName: 'Y', email: 'commercial@example.com', oid: person('plus@example.com').oid })
    expect(other.status).toBe(403)
  })

  it('stores the profile verbatim and gives it back [S7.account S7.update-account]', async () => {
    const saved = await api.call('commercial@example.com', 'PUT', '/account/', profile)
    expect(saved.status).toBe(200)
    const read = await api.call('commercial@example.com', 'GET', '/account/')
    expect(read.body).toMatchObject({ ...profile, email: 'commercial@example.com' })
  })

  it.each([
    [{ image: 'http://insecure.example.com/a.png' }, 'Avatar image must be an https address'],
    [{ github: 'not a github name!' }, 'GitHub username'],
    [{ image: 'not an address' }, 'Avatar image must be an address'],
    [{ emailAnnouncements: 'yes' }, 'Email announcements must be true or false'],
  ])('refuses an invalid profile with 422 naming the field (the limits: hostile-input.test.ts): %j', async (change, named) => {
    const answer = await api.call('commercial@example.com', 'PUT', '/account/', { ...profile, ...change })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain(named)
  })

  it('connects Discord for a Commercial Plus holder only, with Discord’s username rules [S7.discord-connect]', async () => {
    expect((await api.call('commercial@example.com', 'POST', '/discord/connect', { discordName: 'cara' })).status).toBe(403)
    for (const name of ['a', 'Upper', 'two..dots', 'x'.repeat(33), 'space here']) {
      expect((await api.call('plus@example.com', 'POST', '/discord/connect', { discordName: name })).status, name).toBe(422)
    }
    const joined = await api.call('plus@example.com', 'POST', '/discord/connect', { discordName: 'paula.plus_1' })
    expect(joined.body).toEqual({ inviteLink: 'https://discord.gg/prism-test', discordConnected: true })
    expect((await api.call('plus@example.com', 'GET', '/licenses')).body[0].discordConnected).toBe(true)
  })

  it('answers 404 to a seat holder who has not signed in yet, rather than connect nothing', async () => {
    const email = `unsigned.${Date.now()}@example.com`
    const seat = await api.call('plus@example.com', 'POST', '/licenses/assign', { firstName: 'Un', lastName: 'Signed', email })
    expect(seat.status).toBe(200)
    expect(await api.call(email, 'POST', '/discord/connect', { discordName: 'un.signed' })).toMatchObject({ status: 404, body: { message: 'The account was not found.' } })
    expect((await api.call('plus@example.com', 'POST', '/licenses/unassign', { licenseId: seat.body.id })).status).toBe(200)
  })

  it('describes each product, and answers 404 for an unknown one [S7.product]', async () => {
    const product = await api.call('nolicense@example.com', 'GET', '/products/commercial-plus')
    expect(product.body).toMatchObject({
      name: 'Commercial Plus',
      priceId: 'commercial-plus',
      priceDisplay: '$499.00',
      price: 49900,
      bestValue: true,
      stripePriceId: 'price_local_commercial_plus',
      seatsAvailable: null,
    })
    expect(product.body.features).toHaveLength(9)
    expect((await api.call('nolicense@example.com', 'GET', '/products/enterprise')).status).toBe(404)
  })

  it('tells how many Community seats an account may still buy: 5 in all', async () => {
    expect((await api.call('nolicense@example.com', 'GET', '/products/community')).body).toMatchObject({ seatsAvailable: 5 })
    expect((await api.call('community@example.com', 'GET', '/products/community')).body).toMatchObject({ seatsAvailable: 4 })
  })
})
