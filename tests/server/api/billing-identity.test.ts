import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'
import { checkoutReturnAddresses } from '@/common/checkout-return'
import { origin, person } from '@/tests/support/server/api-harness'
import { join, mailedSecret, signIn } from '@/tests/support/server/organisation'

const founder = 'commercial@example.com'
const next = 'otto.next@example.com'
const profile = (companyName: string) => ({ firstName: 'Some', lastName: 'One', image: '', github: '', companyName, country: '', address: '', city: '', state: '', zip: '', emailAnnouncements: true })

/**
 * The organisation owns its billing identity (issue 48): once its founder has handed it over and
 * left, Stripe's customer carries its new owner's email, and the founder's own profile names it no
 * more.
 */
describeApi('an organisation’s billing identity once its founder left, on $name', (api) => {
  it("puts the remaining owner's email on the Stripe customer, and is no longer named by the founder's profile", async () => {
    const [{ customer }] = (await api.db.query<{ customer: string }>('select stripe_customer_id as customer from accounts where email = $1', [founder])) as [{ customer: string }]
    expect((await api.stripe.customers.retrieve(customer)) as { email: string }).toMatchObject({ email: founder })
    await join(api, founder, next, 'owner')
    expect((await api.call(founder, 'DELETE', `/organisation/members/${person(founder).oid}`)).status).toBe(204)
    expect((await api.stripe.customers.retrieve(customer)) as { email: string }).toMatchObject({ email: next })

    // The founder renames their own company; the organisation's invitations still name it by its owner.
    expect((await api.call(founder, 'PUT', '/account', profile('Cara Renamed Ltd'))).status).toBe(200)
    const invitee = 'ivy.invited@example.com'
    expect((await api.call(next, 'POST', '/organisation/invitations', { email: invitee, role: 'seat-manager' })).status).toBe(201)
    await signIn(api, invitee)
    const offer = async () => (await api.call(invitee, 'POST', '/invitations/offer', { secret: await mailedSecret(api, invitee) })).body
    expect(await offer()).toMatchObject({ organisation: next })
    expect((await api.call(next, 'PUT', '/account', profile('Otto Holdings'))).status).toBe(200)
    expect(await offer()).toMatchObject({ organisation: 'Otto Holdings' })
  })

  it("makes the organisation's first Stripe customer with its owner's email, when its founder has left before any purchase", async () => {
    const unbought = 'nolicense@example.com'
    const heir = 'hana.heir@example.com'
    await join(api, unbought, heir, 'owner')
    expect((await api.call(unbought, 'DELETE', `/organisation/members/${person(unbought).oid}`)).status).toBe(204)
    // Its first purchase begun: the checkout makes the customer.
    expect((await api.call(heir, 'POST', '/stripe/create-checkout-session', { priceId: 'commercial', quantity: 1, ...checkoutReturnAddresses(`${origin}/account/licenses`) })).status).toBe(200)
    const [{ customer }] = (await api.db.query<{ customer: string }>('select stripe_customer_id as customer from accounts where email = $1', [unbought])) as [{ customer: string }]
    expect((await api.stripe.customers.retrieve(customer)) as { email: string }).toMatchObject({ email: heir })
  })
})
