import { expect, it } from 'vitest'
import { applySubscription } from '@/server/licensing/subscription-store'
import type { SubscriptionState } from '@/server/licensing/subscription'
import { describeApi } from '@/tests/support/server/api-fixture'

const year = 365 * 86_400_000
const state = (change: Partial<SubscriptionState>): SubscriptionState => ({
  stripeSubscriptionId: 'sub_demo_commercial',
  customerId: 'cus_demo_commercial',
  accountOid: null,
  priceId: 'commercial',
  quantity: 5,
  status: 'active',
  currentPeriodEnd: new Date(Date.now() + 300 * 86_400_000),
  cancelAtPeriodEnd: false,
  ...change,
})

describeApi("a subscription's feed terms as Stripe moves it, on $name", (api) => {
  const apply = (change: Partial<SubscriptionState>) => api.db.transaction((tx) => applySubscription(tx, state(change)))
  const stored = async () =>
    (
      await api.db.query<{ paid_until: Date; packages: string[]; expiry_strategy: string }>(
        `select subscriptions.paid_until, feed_rules.packages, feed_rules.expiry_strategy
           from subscriptions join feed_rules on feed_rules.subscription_id = subscriptions.id where stripe_subscription_id = 'sub_demo_commercial'`,
      )
    )[0]!
  const end = new Date(Math.floor(Date.now() / 1000) * 1000 + year)

  it('moves the paid-until date with each paid period, and keeps it while a renewal is unpaid or after the end', async () => {
    await apply({ currentPeriodEnd: end })
    expect((await stored()).paid_until).toEqual(end)
    const unpaidRenewal = new Date(end.getTime() + year)
    await apply({ currentPeriodEnd: unpaidRenewal, status: 'past_due' })
    expect((await stored()).paid_until).toEqual(end)
    await apply({ currentPeriodEnd: unpaidRenewal, status: 'unpaid' })
    expect((await stored()).paid_until).toEqual(end)
    // The renewal paid: its period is covered.
    await apply({ currentPeriodEnd: unpaidRenewal, status: 'active' })
    expect((await stored()).paid_until).toEqual(unpaidRenewal)
  })

  it("writes the plan's rule from the policy table when the plan changes, and keeps it otherwise", async () => {
    expect(await stored()).toMatchObject({ packages: [], expiry_strategy: 'restrict' })
    await apply({ priceId: 'commercial-plus' })
    expect(await stored()).toMatchObject({ packages: ['Prism.Plus.*'], expiry_strategy: 'restrict' })
    // A rule changed by hand (a customer's own terms) outlives a renewal of the same plan.
    await api.db.query(`update feed_rules set expiry_strategy = 'allow' where subscription_id = (select id from subscriptions where stripe_subscription_id = 'sub_demo_commercial')`)
    await apply({ priceId: 'commercial-plus', currentPeriodEnd: new Date(end.getTime() + 2 * year) })
    expect(await stored()).toMatchObject({ packages: ['Prism.Plus.*'], expiry_strategy: 'allow' })
  })

  it('gives a subscription it has not seen before its rule and, paid, its paid-until date', async () => {
    await api.db.query("insert into accounts (oid, email, stripe_customer_id) values ('new-owner', 'new-owner@example.com', 'cus_new_owner')")
    await api.db.transaction((tx) =>
      applySubscription(tx, state({ stripeSubscriptionId: 'sub_new_owner', customerId: 'cus_new_owner', priceId: 'commercial-plus', quantity: 1, currentPeriodEnd: end })),
    )
    const [row] = await api.db.query<{ paid_until: Date; packages: string[] }>(
      "select paid_until, packages from subscriptions join feed_rules on feed_rules.subscription_id = subscriptions.id where stripe_subscription_id = 'sub_new_owner'",
    )
    expect(row).toEqual({ paid_until: end, packages: ['Prism.Plus.*'] })
  })
})
