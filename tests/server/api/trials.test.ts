import * as v from 'valibot'
import { expect, it } from 'vitest'
import { trialSchema, type InvoiceOrderRequest } from '@/common/billing-contract'
import { licensesSchema } from '@/common/contract'
import { formatLongDate } from '@/common/format'
import { trialRefusals } from '@/server/licensing/trials'
import { queueTrialReminders } from '@/server/licensing/trial-reminders'
import { describeApi } from '@/tests/support/server/api-fixture'
import { backToLicenses } from '@/tests/support/server/api-harness'
import { signIn } from '@/tests/support/server/organisation'

const DAY = 86_400
const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`
const plusFile = '/v3/flatcontainer/prism.plus.charts/1.0.0/prism.plus.charts.1.0.0.nupkg'
let counter = 0
/** A new person, signed in once (their account and organisation made), at the domain given. */
const newcomer = (domain: string) => `trial.${++counter}.${Date.now()}@${domain}`

/**
 * A trial without a card (issue 49, decision 0047): POST /api/stripe/trial and its one extension,
 * against the payment sandbox (every exchange checked against Stripe's API description).
 */
describeApi('a trial without a card on $name', (api) => {
  const start = (email: string) => api.call(email, 'POST', '/stripe/trial', {})
  const extend = (email: string) => api.call(email, 'POST', '/stripe/trial/extension', {})
  const licenses = async (email: string) => v.parse(licensesSchema, (await api.call(email, 'GET', '/licenses')).body)
  const message = (answer: { body: unknown }) => (answer.body as { message: string }).message
  /** A newcomer whose payment customer is on a test clock of its own, frozen at now, as findOrCreateCustomer then finds it. */
  async function onClock(email: string) {
    await signIn(api, email)
    const oid = `oid-${email}`
    const t0 = Math.floor(Date.now() / 1000)
    const clock = await api.stripe.testHelpers.testClocks.create({ frozen_time: t0 })
    await api.stripe.customers.create({ email, name: 'Trial Newcomer', metadata: { accountOid: oid }, test_clock: clock.id })
    return { clock, t0 }
  }
  /** After a purchase of 3 seats during the trial, its events handled: the trial's seat and key kept under the purchase (in `status`), the trial canceled at Stripe. */
  async function expectTrialCarriedOver(email: string, trialSeat: { id: string; licenseKey: string }, status: string) {
    await api.sandbox.webhooks.drain()
    const held = await licenses(email)
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ id: trialSeat.id, licenseKey: trialSeat.licenseKey, status })
    expect((await api.call(email, 'GET', '/account/stats')).body).toMatchObject({ purchased: 3, assigned: 1, available: 2 })
    const customer = (await api.stripe.customers.list({ email })).data[0]!
    const statuses = (await api.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((subscription) => subscription.status).sort()
    expect(statuses).toEqual(['active', 'canceled'])
  }
  const feedFile = (email: string, key: string) => api.app.request('/api/feed/authorize', { headers: { Authorization: basic(email, key), 'X-Original-URI': plusFile } })

  it('starts a 30-day Commercial Plus trial with a seat for the asker and the feed until its end; extends it once by 14 days (a second is 409); ends it unpaid at the clock: canceled, and the feed says why', async () => {
    const email = newcomer('northwind.example')
    const { clock, t0 } = await onClock(email)
    const started = await start(email)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const trial = v.parse(trialSchema, started.body)
    const end = new Date((t0 + 30 * DAY) * 1000).toISOString()
    expect(trial).toMatchObject({ trialEnd: end, extended: false, account: { allowedPriceId: 'commercial-plus', hasStripeAccount: true } })
    const [own] = await licenses(email)
    expect(own).toMatchObject({ subscription: 'Commercial Plus', status: 'trial', expirationDate: end, updatesUntil: end, trialExtended: false, ownedByCaller: true })
    const key = own!.licenseKey
    expect((await feedFile(email, key)).status).toBe(204)
    // A trial renews into nothing: Manage Licenses' Renewal panel lists none.
    expect((await api.call(email, 'GET', '/renewals')).body).toEqual([])
    // At Stripe: a trial without a payment method, canceled at its end when none is added.
    const [atStripe] = (await api.stripe.subscriptions.list({ customer: (await api.stripe.customers.list({ email })).data[0]!.id })).data
    expect(atStripe).toMatchObject({ status: 'trialing', trial_end: t0 + 30 * DAY, default_payment_method: null, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } })

    const extended = await extend(email)
    expect(extended.status, JSON.stringify(extended.body)).toBe(200)
    const later = new Date((t0 + 44 * DAY) * 1000).toISOString()
    expect(v.parse(trialSchema, extended.body)).toMatchObject({ trialEnd: later, extended: true })
    expect((await licenses(email))[0]).toMatchObject({ status: 'trial', expirationDate: later, updatesUntil: later, trialExtended: true })
    const again = await extend(email)
    expect([again.status, message(again)]).toEqual([409, trialRefusals.extended])

    await api.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: t0 + 45 * DAY })
    await api.sandbox.webhooks.drain()
    expect((await api.stripe.subscriptions.retrieve(atStripe!.id)).status).toBe('canceled')
    // Nothing was paid: the ended trial's key opens nothing, and the card shows none.
    expect((await licenses(email))[0]).toMatchObject({ status: 'expired', licenseKey: '' })
    const refused = await feedFile(email, key)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('x-nuget-warning')).toBe(`Prism.Plus.Charts is not open to this license: its Commercial Plus trial ended on ${formatLongDate(later)}. Buying Commercial Plus opens it.`)
    const index = await api.app.request('/api/feed/v3/index.json', { headers: { Authorization: basic(email, key) } })
    expect(index.headers.get('x-nuget-warning')).toContain(`This license's Commercial Plus trial ended on ${formatLongDate(later)}`)
    const second = await start(email)
    expect([second.status, message(second)]).toEqual([409, trialRefusals.organisation])
    const ended = await extend(email)
    expect([ended.status, message(ended)]).toEqual([409, trialRefusals.extended])
  })

  it('mails the billing contacts 7 days and 1 day before the end, once each, and again for the end an extension moved', async () => {
    const email = newcomer('contoso.example')
    await signIn(api, email)
    expect((await start(email)).status).toBe(200)
    // Stripe's events of the new trial are applied first: the end set below is not written over.
    await api.sandbox.webhooks.drain()
    const [{ id }] = (await api.db.query<{ id: string }>('select id from subscriptions where owner_oid = $1', [`oid-${email}`])) as [{ id: string }]
    const endIn = (days: number) => api.db.query("update subscriptions set current_period_end = now() + $2 * interval '1 day', trial_end = now() + $2 * interval '1 day' where id = $1", [id, days])
    const mails = async () =>
      api.db.query<{ subject: string; text: string }>('select subject, text from mail_outbox where recipient = $1 and subject like $2 order by created_at, id', [email, '%trial ends%'])
    await endIn(20)
    await queueTrialReminders(api.db, 'https://portal.example.com')
    expect(await mails()).toHaveLength(0)
    await endIn(6.5)
    await Promise.all([queueTrialReminders(api.db, 'https://portal.example.com'), queueTrialReminders(api.db, 'https://portal.example.com')])
    const [seven] = await mails()
    expect(await mails()).toHaveLength(1)
    expect(seven!.subject).toMatch(/^Your Prism Commercial Plus trial ends on /)
    expect(seven!.text).toContain('buy licenses, or extend the trial once by 14 days, under My Licenses: https://portal.example.com/account')
    await endIn(0.5)
    await queueTrialReminders(api.db, 'https://portal.example.com')
    await queueTrialReminders(api.db, 'https://portal.example.com')
    expect(await mails()).toHaveLength(2)
    expect((await mails())[1]!.subject).toMatch(/^Your Prism Commercial Plus trial ends on /)
    // An extension moves the end: the 7 days' reminder comes again for the new one.
    await endIn(6.4)
    await queueTrialReminders(api.db, 'https://portal.example.com')
    expect(await mails()).toHaveLength(3)
  })

  it('refuses in words: an unverified address (403), an organisation with licenses, a second organisation at a company domain; a public mail provider counts each person alone', async () => {
    const unverified = newcomer('fabrikam.example')
    const bearer = await signIn(api, unverified, { claims: { email_verified: false } })
    const refusedUnverified = await api.callWith(bearer, 'POST', '/stripe/trial', {})
    expect([refusedUnverified.status, message(refusedUnverified)]).toEqual([403, trialRefusals.unverified])

    const licensed = await start('plus@example.com')
    expect([licensed.status, message(licensed)]).toEqual([409, trialRefusals.hasLicenses])

    const [first, colleague] = [newcomer('litware.example'), newcomer('litware.example')]
    await signIn(api, first)
    await signIn(api, colleague)
    expect((await start(first)).status).toBe(200)
    const sameCompany = await start(colleague)
    expect([sameCompany.status, message(sameCompany)]).toEqual([409, trialRefusals.domain('litware.example')])

    const [one, another] = [newcomer('gmail.com'), newcomer('GMAIL.com')]
    await signIn(api, one)
    await signIn(api, another)
    expect((await start(one)).status).toBe(200)
    expect((await start(another)).status).toBe(200)
    expect(await api.db.query('select 1 from subscriptions where owner_oid = $1', [`oid-${colleague}`])).toHaveLength(0)
  })

  it('makes one trial of two presses at once (one idempotency key per organisation)', async () => {
    const email = newcomer('adventure-works.example')
    await signIn(api, email)
    const answers = await Promise.all([start(email), start(email)])
    for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status)
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0)
    for (const answer of answers.filter((each) => each.status === 409)) expect(message(answer)).toBe(trialRefusals.organisation)
    const customer = (await api.stripe.customers.list({ email })).data[0]!
    expect((await api.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1)
    expect(await api.db.query('select 1 from subscriptions where owner_oid = $1', [`oid-${email}`])).toHaveLength(1)
    expect(await api.db.query('select 1 from seats join subscriptions s on s.id = seats.subscription_id where s.owner_oid = $1', [`oid-${email}`])).toHaveLength(1)
  })

  it('keeps the seat and its key when the trial is bought: the purchase takes the seats, and the trial ends at Stripe', async () => {
    const email = newcomer('tailspin.example')
    await signIn(api, email)
    expect((await start(email)).status).toBe(200)
    const [trialSeat] = await licenses(email)
    const order: InvoiceOrderRequest = {
      priceId: 'commercial-plus',
      quantity: 3,
      company: { legalName: 'Tailspin Toys', address: { line1: '1 Main St', line2: '', city: 'Austin', postalCode: '78701', state: 'TX', country: 'US' }, taxId: null },
      poNumber: '',
    }
    const bought = await api.call(email, 'POST', '/stripe/invoice-orders', order)
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    await expectTrialCarriedOver(email, trialSeat!, 'awaiting-payment')
  })

  it("keeps the seat and its key when the trial is bought by card: the checkout's webhook takes the seats and ends the trial at Stripe", async () => {
    const email = newcomer('wingtip.example')
    await signIn(api, email)
    expect((await start(email)).status).toBe(200)
    const [trialSeat] = await licenses(email)
    const checkout = await api.call(email, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 3, ...backToLicenses })
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200)
    expect(await api.pay(checkout.body.sessionId as string)).toBe(303)
    await expectTrialCarriedOver(email, trialSeat!, 'active')
  })
})
