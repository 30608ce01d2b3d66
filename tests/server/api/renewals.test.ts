import * as v from 'valibot'
import { expect, it } from 'vitest'
import { renewalsSchema, type Renewal } from '@/common/billing-contract'
import { describeApi } from '@/tests/support/server/api-fixture'

const cara = 'commercial@example.com'
const paula = 'plus@example.com'
const day = 86_400
/** The same day and time a year on, as Stripe's yearly interval moves a period. */
const yearAfter = (seconds: number) => {
  const date = new Date(seconds * 1000)
  date.setUTCFullYear(date.getUTCFullYear() + 1)
  return date.toISOString()
}

describeApi('renewals on $name', (api) => {
  const renewals = async (email: string): Promise<Renewal[]> => {
    const answer = await api.call(email, 'GET', '/renewals')
    expect(answer.status).toBe(200)
    return v.parse(renewalsSchema, answer.body)
  }
  const setSeats = (email: string, id: string, seats: unknown) => api.call(email, 'PUT', `/stripe/renewals/${id}/seats`, { seats })
  const setAutoRenew = (email: string, id: string, autoRenew: unknown) => api.call(email, 'PUT', `/stripe/renewals/${id}/auto-renew`, { autoRenew })
  const stripeIdOf = async (id: string) => (await api.db.query<{ s: string }>('select stripe_subscription_id as s from subscriptions where id = $1', [id]))[0]!.s

  it('says when each live subscription renews, with how many seats, how many are assigned, and what it will charge', async () => {
    const [renewal] = await renewals(cara)
    expect(renewal).toEqual({
      subscriptionId: 'sub_demo_commercial',
      priceId: 'commercial',
      renewsOn: expect.any(String),
      seats: 5,
      assigned: 2,
      renewalSeats: 5,
      autoRenew: true,
      renewalAmount: 149_500,
    })
    expect(await renewals('nolicense@example.com')).toEqual([])
  })

  it('refuses fewer seats than are assigned, more than there are, and other owners’ subscriptions, in words', async () => {
    expect(await setSeats(cara, 'sub_demo_commercial', 1)).toMatchObject({ status: 409, body: { message: '2 licenses are assigned: keep at least 2 for the renewal, or unassign licenses first.' } })
    expect(await setSeats(cara, 'sub_demo_commercial', 6)).toMatchObject({
      status: 409,
      body: { message: 'The renewal keeps at most the 5 licenses the subscription has now. To add licenses, buy more.' },
    })
    expect((await setSeats(cara, 'sub_demo_commercial', 0)).status).toBe(422)
    expect((await setSeats(cara, 'sub_demo_commercial', '3')).status).toBe(422)
    expect(await setSeats(paula, 'sub_demo_commercial', 3)).toMatchObject({ status: 404, body: { message: 'The subscription was not found.' } })
    expect((await setAutoRenew(paula, 'sub_demo_commercial', false)).status).toBe(404)
    expect((await api.stripe.subscriptions.retrieve(await stripeIdOf('sub_demo_commercial'))).schedule).toBeNull()
  })

  it('schedules fewer seats for the renewal at Stripe; the renewal charges the lower amount and the seats follow', async () => {
    const scheduled = await setSeats(cara, 'sub_demo_commercial', 3)
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body).toMatchObject({ seats: 5, renewalSeats: 3, renewalAmount: 89_700, autoRenew: true })
    expect(await renewals(cara)).toEqual([scheduled.body])
    const stripeId = await stripeIdOf('sub_demo_commercial')
    const subscription = await api.stripe.subscriptions.retrieve(stripeId)
    const schedule = await api.stripe.subscriptionSchedules.retrieve(String(subscription.schedule))
    const renewsAt = subscription.items.data[0]!.current_period_end
    expect(schedule.phases.map((phase) => [phase.start_date, phase.items[0]!.quantity])).toEqual([
      [subscription.items.data[0]!.current_period_start, 5],
      [renewsAt, 3],
    ])
    // Asking again for the same seats changes nothing; back to all five releases the schedule, and 4 makes another.
    expect((await setSeats(cara, 'sub_demo_commercial', 3)).body).toMatchObject({ renewalSeats: 3 })
    expect((await setSeats(cara, 'sub_demo_commercial', 5)).body).toMatchObject({ renewalSeats: 5, renewalAmount: 149_500 })
    expect((await api.stripe.subscriptions.retrieve(stripeId)).schedule).toBeNull()
    expect((await setSeats(cara, 'sub_demo_commercial', 3)).body).toMatchObject({ renewalSeats: 3 })

    const clock = await api.stripe.testHelpers.testClocks.retrieve('clock_demo_commercial')
    await api.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.max(renewsAt, clock.frozen_time) + day })
    await api.sandbox.webhooks.drain()
    const [invoice] = (await api.stripe.invoices.list({ subscription: stripeId, limit: 1 })).data
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', total: 89_700, status: 'paid' })
    const [renewed] = await renewals(cara)
    expect(renewed).toMatchObject({ seats: 3, assigned: 2, renewalSeats: 3, renewalAmount: 89_700, renewsOn: yearAfter(renewsAt) })
    expect((await api.call(cara, 'GET', '/account/stats/')).body).toMatchObject({ purchased: 3, assigned: 2, available: 1 })
  })

  it('turns auto-renew off (cancel at the period end, the scheduled reduction dropped) and on again', async () => {
    expect((await setSeats(paula, 'sub_demo_plus', 2)).body).toMatchObject({ renewalSeats: 2 })
    const off = await setAutoRenew(paula, 'sub_demo_plus', false)
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body).toMatchObject({ autoRenew: false, renewalSeats: 3 })
    const stripeId = await stripeIdOf('sub_demo_plus')
    expect(await api.stripe.subscriptions.retrieve(stripeId)).toMatchObject({ cancel_at_period_end: true, schedule: null })
    expect((await api.call(paula, 'GET', '/licenses')).body[0]).toMatchObject({ status: 'cancels' })
    expect(await setSeats(paula, 'sub_demo_plus', 2)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^This subscription ends on .+: turn auto-renew on before choosing the seats it renews with\.$/) },
    })
    expect((await setAutoRenew(paula, 'sub_demo_plus', false)).body).toMatchObject({ autoRenew: false })
    expect((await setAutoRenew(paula, 'sub_demo_plus', true)).body).toMatchObject({ autoRenew: true, renewalSeats: 3 })
    expect((await api.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(false)
    // Off again: a new change at Stripe, not the first one's answer replayed.
    expect((await setAutoRenew(paula, 'sub_demo_plus', false)).body).toMatchObject({ autoRenew: false })
    expect((await api.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(true)
    expect((await setAutoRenew(paula, 'sub_demo_plus', true)).body).toMatchObject({ autoRenew: true })
    expect((await setAutoRenew(paula, 'sub_demo_plus', 'no')).status).toBe(422)
  })

  it('gives no seat beyond those the renewal keeps: the owner chooses more seats for the renewal first', async () => {
    const assign = (email: string) => api.call(paula, 'POST', '/licenses/assign', { firstName: 'Dev', lastName: 'Eloper', email })
    expect((await setSeats(paula, 'sub_demo_plus', 2)).body).toMatchObject({ seats: 3, assigned: 1, renewalSeats: 2 })
    expect((await assign('second@example.com')).status).toBe(200)
    const refused = await assign('third@example.com')
    expect(refused).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Your subscription renews on .+ with 2 licenses, and all of them are assigned\. Choose more seats for the renewal under Renewal first\.$/) },
    })
    expect((await setSeats(paula, 'sub_demo_plus', 3)).body).toMatchObject({ renewalSeats: 3, assigned: 2 })
    expect((await assign('third@example.com')).status).toBe(200)
  })
})
