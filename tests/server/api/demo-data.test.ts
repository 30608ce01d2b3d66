import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'

describeApi('the demo data on $name', (api) => {
  it("keeps times to whole seconds, as Stripe's are, so the portal's period ends are the sandbox's to the millisecond", async () => {
    const subscriptions = await api.db.query<{ stripe_subscription_id: string; current_period_end: Date }>('select stripe_subscription_id, current_period_end from subscriptions')
    expect(subscriptions.length).toBeGreaterThan(0)
    for (const subscription of subscriptions) {
      const inStripe = await api.stripe.subscriptions.retrieve(subscription.stripe_subscription_id)
      expect(subscription.current_period_end.getTime(), subscription.stripe_subscription_id).toBe(inStripe.items.data[0]!.current_period_end * 1000)
    }
    const assigned = await api.db.query<{ assigned_at: Date }>('select assigned_at from seats where assigned_at is not null')
    expect(assigned.length).toBeGreaterThan(0)
    expect(assigned.filter((seat) => seat.assigned_at.getMilliseconds() !== 0)).toEqual([])
  })
})
