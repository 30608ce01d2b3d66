import { expect, it } from 'vitest'
import { applySubscription } from '@/server/licensing/subscription-store'
import type { SubscriptionState } from '@/server/licensing/subscription'
import { describeApi } from '@/tests/support/server/api-fixture'

const state = (quantity: number): SubscriptionState => ({
  stripeSubscriptionId: 'sub_demo_commercial',
  customerId: 'cus_demo_commercial',
  accountOid: null,
  priceId: 'commercial',
  quantity,
  status: 'active',
  currentPeriodEnd: new Date(Date.now() + 300 * 86_400_000),
  cancelAtPeriodEnd: false,
})

describeApi('a subscription state asked of Stripe, on $name', (api) => {
  const quantity = async () => (await api.db.query<{ quantity: number }>("select quantity from subscriptions where stripe_subscription_id = 'sub_demo_commercial'"))[0]!.quantity
  const apply = (seats: number, askedAt?: string) => api.db.transaction((tx) => applySubscription(tx, state(seats), { askedAt }))

  it('is stale when it was asked for before the state stored was, to the microsecond', async () => {
    expect(await apply(6, '2026-11-26 10:00:00.000200+00')).toBe('updated')
    // The same second, 100 microseconds earlier: the older answer changes nothing.
    expect(await apply(2, '2026-11-26 10:00:00.000100+00')).toBe('stale')
    expect(await quantity()).toBe(6)
    expect(await apply(7, '2026-11-26 10:00:00.000300+00')).toBe('updated')
    expect(await quantity()).toBe(7)
  })

  it('is applied as it is without the time it was asked for (the answer to a change), keeping the time stored', async () => {
    expect(await apply(8)).toBe('updated')
    expect(await apply(3, '2026-11-26 10:00:00.000250+00')).toBe('stale')
    expect(await quantity()).toBe(8)
  })
})
