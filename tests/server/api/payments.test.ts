import * as v from 'valibot'
import { expect, it } from 'vitest'
import { checkoutReturnAddresses } from '@/common/checkout-return'
import { savedPaymentMethodSchema } from '@/common/contract'
import { describeApi } from '@/tests/support/server/api-fixture'
import type Stripe from 'stripe'
import { origin, stripeSettings } from '@/tests/support/server/api-harness'
import { createStripeClient } from '@/server/payments/stripe-client'
import { signIn } from '@/tests/support/server/organisation'

const back = checkoutReturnAddresses(`${origin}/account/purchase/complete`)

describeApi('payments on $name', (api) => {
  it('sells a first license: a customer, a checkout, then the buyer holds the first seat [S7.checkout S7.checkout-return]', async () => {
    const checkout = await api.call('nolicense@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 3, ...back })
    expect(checkout.status).toBe(200)
    expect(checkout.body.url).toBe(`${api.stripeOrigin}/sandbox/checkout/${checkout.body.sessionId}`)
    expect((await api.call('nolicense@example.com', 'GET', `/stripe/checkout-sessions/${checkout.body.sessionId}`)).body).toEqual({ status: 'open' })
    await api.pay(checkout.body.sessionId)
    await api.pay(checkout.body.sessionId) // paying twice changes nothing
    expect((await api.call('nolicense@example.com', 'GET', `/stripe/checkout-sessions/${checkout.body.sessionId}`)).body).toEqual({ status: 'fulfilled' })
    expect((await api.call('nolicense@example.com', 'GET', '/account/stats/')).body).toMatchObject({ subscription: 'Commercial', purchased: 3, assigned: 1, available: 2 })
    expect((await api.call('nolicense@example.com', 'GET', '/account/')).body).toMatchObject({ allowedPriceId: 'commercial', hasStripeAccount: true })
    expect((await api.call('nolicense@example.com', 'GET', '/licenses')).body).toHaveLength(1)
  })

  it('limits an account to its one license type (409) and Community to 5 seats [S5.purchase.allowed-price S5.seats.community-five]', async () => {
    expect((await api.call('commercial@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 1, ...back })).status).toBe(409)
    expect((await api.call('community@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'community', quantity: 5, ...back })).status).toBe(409)
    expect((await api.call('community@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'community', quantity: 4, ...back })).status).toBe(200)
  })

  it('keeps the one license type through an upgrade: refused in words while a checkout of the plan left behind is open', async () => {
    // community@example.com's checkout for 4 more Community seats (above) is open: paid, it would add Community beside Commercial.
    const upgrade = await api.call('community@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial', quantity: 1 })
    expect(upgrade).toMatchObject({
      status: 409,
      body: {
        message: expect.stringMatching(/^Accounts are limited to one license type, and your checkout for Community is still open: complete it, or try again when it expires, within 3\d minutes\.$/),
      },
    })
    expect((await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=1')).status).toBe(409)
    // The checkout expires (Stripe says so when asked): the upgrade is weighed on its other rules again.
    await api.db.query("update checkouts set closed_at = now() where owner_oid = (select oid from accounts where email = 'community@example.com')")
    expect((await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=1')).status).toBe(200)
  })

  it('refuses return addresses off the site (no open redirects) and bad quantities with 422', async () => {
    for (const body of [
      { priceId: 'commercial', quantity: 1, successUrl: 'https://evil.example.com/', cancelUrl: back.cancelUrl },
      { priceId: 'commercial', quantity: 0, ...back },
      { priceId: 'commercial', quantity: 1.5, ...back },
      { priceId: 'enterprise', quantity: 1, ...back },
    ]) {
      expect((await api.call('commercial@example.com', 'POST', '/stripe/create-checkout-session', body)).status).toBe(422)
    }
    expect((await api.call('commercial@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl: 'https://evil.example.com/' })).status).toBe(422)
  })

  it("gives Stripe the site's own return addresses: the request picks the page only, never its query or another page", async () => {
    const stripe = createStripeClient({ secretKey: stripeSettings.secretKey, apiBase: api.stripeOrigin })
    const planted = '&next=https://evil.example.com/'
    const checkout = await api.call('nolicense@example.com', 'POST', '/stripe/create-checkout-session', {
      priceId: 'commercial',
      quantity: 2,
      successUrl: `${origin}/account/licenses/?success=true${planted}`,
      cancelUrl: `${origin}/account/purchase/complete?success=false&pid=community${planted}#x`,
    })
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200)
    const session = await stripe.checkout.sessions.retrieve(checkout.body.sessionId)
    expect([session.success_url, session.cancel_url]).toEqual([
      `${origin}/account/licenses?success=true&session_id={CHECKOUT_SESSION_ID}`,
      `${origin}/account/purchase/complete?success=false&pid=commercial`,
    ])
    const refused = await api.call('nolicense@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 2, ...back, successUrl: `${origin}/account/profile` })
    expect(refused).toMatchObject({ status: 422, body: { message: "successUrl must be Manage Licenses or the purchase's result page" } })

    const portalBack = async (returnUrl: string) => {
      const portal = await api.call('commercial@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl })
      expect(portal.status, JSON.stringify(portal.body)).toBe(200)
      return /href="([^"]+)"[^>]*>\s*Return to/.exec(await (await fetch(portal.body.url)).text())?.[1]?.replaceAll('&amp;', '&')
    }
    expect(await portalBack(`${origin}/account/invoices?tab=1${planted}`)).toBe(`${origin}/account/invoices`)
    expect(await portalBack(`${origin}/privacy`), 'off the account area: My Licenses').toBe(`${origin}/account`)
  })

  it("limits the payment customers new accounts make for a card's setup from one address (card testing): ten an hour, the eleventh 429; a customer's own not counted", async () => {
    const setUp = (email: string) => api.call(email, 'GET', '/stripe/create-setup-intent')
    for (let n = 1; n <= 11; n++) {
      await signIn(api, `card.tester.${n}@example.com`)
      // A Community plan without a billing account (as the demo's community@example.com): its upgrade sets a card up.
      await api.db.query("insert into subscriptions (id, owner_oid, price_id, quantity, stripe_subscription_id, current_period_end) values ($1, $2, 'community', 1, $1, now() + interval '300 days')", [
        `sub_card_tester_${n}`,
        `oid-card.tester.${n}@example.com`,
      ])
    }
    for (let n = 1; n <= 10; n++) expect((await setUp(`card.tester.${n}@example.com`)).status, `new account ${n}`).toBe(200)
    expect(await setUp('card.tester.11@example.com')).toMatchObject({ status: 429, body: { message: "You've made too many requests. Please wait a moment and try again." } })
    expect((await api.call('card.tester.11@example.com', 'GET', '/account/')).body, 'no customer made').toMatchObject({ hasStripeAccount: false })
    expect((await setUp('card.tester.1@example.com')).status, 'a customer already: not counted').toBe(200)
    expect((await setUp('commercial@example.com')).status).toBe(200)
  })

  it('sets a card up only for a purchase being made (card testing): an account with no plan and no checkout open is refused in words, and no customer is made', async () => {
    await signIn(api, 'no.purchase@example.com')
    const setUp = () => api.call('no.purchase@example.com', 'GET', '/stripe/create-setup-intent')
    expect(await setUp()).toMatchObject({ status: 409, body: { message: 'A payment method is set up during a purchase: choose a license on the pricing page first.' } })
    expect((await api.call('no.purchase@example.com', 'GET', '/account/')).body).toMatchObject({ hasStripeAccount: false })
    expect((await api.call('no.purchase@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 1, ...back })).status).toBe(200)
    expect((await setUp()).body.clientSecret, 'its checkout is open').toMatch(/^seti_\w+_secret_\w+$/)
  })

  it('stores nothing for a checkout it refuses: an off-site cancel address leaves the buyer without a customer', async () => {
    const refused = await api.call('dev1@example.com', 'POST', '/stripe/create-checkout-session', {
      priceId: 'commercial',
      quantity: 1,
      successUrl: back.successUrl,
      cancelUrl: 'https://evil.example.com/',
    })
    expect(refused.status).toBe(422)
    expect((refused.body as { message: string }).message).toContain('cancelUrl')
    expect((await api.call('dev1@example.com', 'GET', '/account/')).body).toMatchObject({ hasStripeAccount: false })
  })

  it('opens the customer portal for a customer, and refuses without one (409) [S7.customer-portal]', async () => {
    const portal = await api.call('commercial@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl: `${origin}/account` })
    expect(portal.body.url).toMatch(`${api.stripeOrigin}/sandbox/portal/`)
    expect((await api.call('dev1@example.com', 'POST', '/stripe/create-customer-portal-session', { returnUrl: `${origin}/account` })).status).toBe(409)
  })

  it('refuses a payment method without its id (422)', async () => {
    const answer = await api.call('full@example.com', 'POST', '/stripe/save-default-payment-method', {})
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain('Payment method id is required')
  })

  it('knows about default payment methods and saves one from a setup [S7.has-payment-method S7.save-payment-method]', async () => {
    expect((await api.call('commercial@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: true, card: { brand: 'visa', last4: '4242' } })
    expect((await api.call('full@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: false, card: null })
    expect((await api.call('full@example.com', 'GET', '/stripe/create-setup-intent')).body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/)
    expect((await api.call('full@example.com', 'POST', '/stripe/save-default-payment-method', { paymentMethodId: 'pm_unknown' })).status).toBe(402)
  })

  it("reuses the customer's open SetupIntent: asking again, or twice at once, makes nothing new [S7.setup-intent]", async () => {
    const ask = async () => (await api.call('plus@example.com', 'GET', '/stripe/create-setup-intent')).body.clientSecret as string
    const first = await ask()
    expect([await ask(), ...(await Promise.all([ask(), ask()]))]).toEqual([first, first, first])
    const intents = async () => (await api.stripe.setupIntents.list({ customer: 'cus_demo_plus', limit: 100 })).data
    expect((await intents()).map((intent) => intent.status)).toEqual(['requires_payment_method'])
    // A card saved through it closes it: the next form is a new one.
    await api.saveCard('plus@example.com', '4242 4242 4242 4242')
    const next = await ask()
    expect(next).not.toBe(first)
    expect((await intents()).map((intent) => intent.status)).toEqual(['requires_payment_method', 'succeeded'])
  })

  it('saves only a card that a SetupIntent of the customer set up: a card never set up, or set up for someone else, is refused in words', async () => {
    const browser = createStripeClient({ secretKey: stripeSettings.publishableKey, apiBase: api.stripeOrigin })
    const card = { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } } as const
    /** A card confirmed through a SetupIntent made with these details (a customer's, or nobody's). */
    async function setUp(customer?: string) {
      const intent = await api.stripe.setupIntents.create({ ...(customer ? { customer } : {}), usage: 'off_session' })
      const confirmed = await browser.setupIntents.confirm(intent.id, { client_secret: intent.client_secret!, payment_method_data: card } as Stripe.SetupIntentConfirmParams)
      return String(confirmed.payment_method)
    }
    const before = (await api.call('commercial@example.com', 'GET', '/stripe/has-default-payment-method')).body
    const unattached = await setUp()
    const someoneElses = await setUp('cus_demo_plus')
    // Attached straight to the customer, without a SetupIntent (and its authentication).
    const attachedOnly = await setUp()
    await api.stripe.paymentMethods.attach(attachedOnly, { customer: 'cus_demo_commercial' })
    for (const paymentMethodId of [unattached, someoneElses, attachedOnly, 'pm_madeup']) {
      const refused = await api.call('commercial@example.com', 'POST', '/stripe/save-default-payment-method', { paymentMethodId })
      expect(refused, paymentMethodId).toMatchObject({ status: 402, body: { message: 'This card was not set up for your account. Please enter it again.' } })
    }
    expect((await api.stripe.paymentMethods.retrieve(unattached)).customer, 'nothing attached').toBeNull()
    expect((await api.call('commercial@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual(before)
    expect((await api.stripe.customers.retrieve('cus_demo_commercial')) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: expect.not.stringMatching(new RegExp(`${unattached}|${someoneElses}|${attachedOnly}`)) },
    })
  })

  it('lets an owner without a billing account set up a payment method (the Community upgrade)', async () => {
    expect((await api.call('community@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: false, card: null })
    expect((await api.call('community@example.com', 'GET', '/stripe/create-setup-intent')).body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/)
    expect((await api.call('community@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial', quantity: 1 })).status).toBe(402)
  })

  it('upgrades along the allowed paths only, with enough seats for those assigned [S4.upgrade.paths S7.upgrade]', async () => {
    expect((await api.call('plus@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial', quantity: 3 })).status).toBe(409)
    const invoices = async () => (await api.stripe.invoices.list({ customer: 'cus_demo_commercial', limit: 100 })).data.length
    const before = await invoices()
    expect((await api.call('commercial@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 1 })).status).toBe(409)
    expect(await invoices(), 'a refused upgrade charges nothing').toBe(before)
    expect((await api.call('commercial@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 501 })).status).toBe(422)
    expect((await api.call('full@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 2 })).status).toBe(402)
    const upgraded = await api.call('commercial@example.com', 'POST', '/stripe/upgrade-community-subscription', { priceId: 'commercial-plus', quantity: 6 })
    expect(upgraded.status).toBe(200)
    expect(await invoices(), 'the prorated difference is charged now, once').toBe(before + 1)
    const subscription = await api.stripe.subscriptions.retrieve('sub_demo_commercial')
    expect(subscription.items.data[0]).toMatchObject({ price: { id: 'price_local_commercial_plus' }, quantity: 6 })
    expect((await api.call('commercial@example.com', 'GET', '/account/stats/')).body).toMatchObject({ subscription: 'Commercial Plus', purchased: 6, assigned: 2, available: 4 })
    expect((await api.call('commercial@example.com', 'GET', '/account/')).body.allowedPriceId).toBe('commercial-plus')
    expect((await api.call('dev1@example.com', 'GET', '/licenses')).body[0].subscription).toBe('Commercial Plus')
  })

  it('previews an upgrade: the prorated amount due today, the new annual total and the renewal date', async () => {
    const [subscription] = await api.db.query<{ current_period_end: Date }>("select current_period_end from subscriptions where id = 'sub_demo_community'")
    const preview = await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=3')
    expect(preview.status).toBe(200)
    // Community is free, and its owner's clock stands 12 days before the period ends: 3 x $299.00 x 12/365 is due now.
    expect(preview.body).toEqual({
      amountDue: Math.round((29900 * 3 * 12) / 365),
      annualTotal: 89700,
      renewsOn: new Date(Math.floor(new Date(subscription!.current_period_end).getTime() / 1000) * 1000).toISOString(),
    })
  })

  it('refuses a preview it cannot price: 422 for a bad query, 409 off the upgrade paths', async () => {
    expect((await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=abc')).status).toBe(422)
    expect((await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial')).body).toEqual({ message: 'Quantity is required' })
    expect((await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=enterprise&quantity=1')).status).toBe(422)
    expect((await api.call('community@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=501')).status).toBe(422)
    expect((await api.call('plus@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=3')).status).toBe(409)
    expect((await api.call('dev1@example.com', 'GET', '/stripe/upgrade-preview?priceId=commercial&quantity=1')).status).toBe(404)
  })

  it("answers 404 for a checkout that is made up or someone else's", async () => {
    expect((await api.call('commercial@example.com', 'GET', '/stripe/checkout-sessions/cs_test_madeup')).status).toBe(404)
    expect((await api.call('commercial@example.com', 'GET', '/stripe/checkout-sessions/not-a-session')).status).toBe(404)
    const theirs = await api.call('plus@example.com', 'POST', '/stripe/create-checkout-session', { priceId: 'commercial-plus', quantity: 1, ...back })
    expect((await api.call('commercial@example.com', 'GET', `/stripe/checkout-sessions/${theirs.body.sessionId}`)).status).toBe(404)
  })

  it('answers a repeated checkout request with the same session, and never makes two customers for one account', async () => {
    const order = { priceId: 'commercial', quantity: 2, ...back }
    const [first, second] = await Promise.all([
      api.call('dev1@example.com', 'POST', '/stripe/create-checkout-session', order),
      api.call('dev1@example.com', 'POST', '/stripe/create-checkout-session', order),
    ])
    expect(first.status).toBe(200)
    expect(second.body.sessionId).toBe(first.body.sessionId)
    const customers = await api.stripe.customers.list({ email: 'dev1@example.com' })
    expect(customers.data).toHaveLength(1)
    expect((await api.call('dev1@example.com', 'GET', '/account/')).body.hasStripeAccount).toBe(true)
  })

  it('answers the card it saved as the default, shaped as has-default-payment-method answers it', async () => {
    const paymentMethodId = await api.saveCard('full@example.com', '4242 4242 4242 4242')
    // The same request again is answered the same (its writes replay under their idempotency keys).
    const saved = await api.call('full@example.com', 'POST', '/stripe/save-default-payment-method', { paymentMethodId })
    expect(saved.status).toBe(200)
    const answer = v.parse(savedPaymentMethodSchema, saved.body)
    expect(answer).toEqual({ paymentMethodId, card: { brand: 'visa', last4: '4242' } })
    expect((await api.call('full@example.com', 'GET', '/stripe/has-default-payment-method')).body).toEqual({ hasPaymentMethod: true, card: answer.card })
  })
})
