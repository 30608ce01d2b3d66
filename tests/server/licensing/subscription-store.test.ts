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

const year = 365 * 86_400_000
/** The demo Commercial subscription's state with a change (the feed's terms below). */
const withChange = (change: Partial<SubscriptionState>): SubscriptionState => ({ ...state(5), ...change })

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

  // The feed's terms (docs/feed-coverage.md): the end of the last paid period, and the plan's rule.

  const applyChange = (change: Partial<SubscriptionState>) => api.db.transaction((tx) => applySubscription(tx, withChange(change)))
  const stored = async () =>
    (
      await api.db.query<{ paid_until: Date; packages: string[]; expiry_strategy: string }>(
        `select subscriptions.paid_until, feed_rules.packages, feed_rules.expiry_strategy
           from subscriptions join feed_rules on feed_rules.subscription_id = subscriptions.id where stripe_subscription_id = 'sub_demo_commercial'`,
      )
    )[0]!
  const end = new Date(Math.floor(Date.now() / 1000) * 1000 + year)

  it('moves the paid-until date with each paid period, and keeps it while a renewal is unpaid or after the end', async () => {
    await applyChange({ currentPeriodEnd: end })
    expect((await stored()).paid_until).toEqual(end)
    const unpaidRenewal = new Date(end.getTime() + year)
    await applyChange({ currentPeriodEnd: unpaidRenewal, status: 'past_due' })
    expect((await stored()).paid_until).toEqual(end)
    await applyChange({ currentPeriodEnd: unpaidRenewal, status: 'unpaid' })
    expect((await stored()).paid_until).toEqual(end)
    // The renewal paid: its period is covered.
    await applyChange({ currentPeriodEnd: unpaidRenewal, status: 'active' })
    expect((await stored()).paid_until).toEqual(unpaidRenewal)
  })

  it("writes the plan's rule from the policy table when the plan changes, and keeps it otherwise", async () => {
    expect(await stored()).toMatchObject({ packages: [], expiry_strategy: 'restrict' })
    await applyChange({ priceId: 'commercial-plus' })
    expect(await stored()).toMatchObject({ packages: ['Prism.Plus.*'], expiry_strategy: 'restrict' })
    // A rule changed by hand (a customer's own terms) outlives a renewal of the same plan.
    await api.db.query(`update feed_rules set expiry_strategy = 'allow' where subscription_id = (select id from subscriptions where stripe_subscription_id = 'sub_demo_commercial')`)
    await applyChange({ priceId: 'commercial-plus', currentPeriodEnd: new Date(end.getTime() + 2 * year) })
    expect(await stored()).toMatchObject({ packages: ['Prism.Plus.*'], expiry_strategy: 'allow' })
  })

  it('gives a subscription it has not seen before its rule and, paid, its paid-until date', async () => {
    await api.db.query("insert into accounts (oid, email, stripe_customer_id) values ('new-owner', 'new-owner@example.com', 'cus_new_owner')")
    await api.db.transaction((tx) =>
      applySubscription(tx, withChange({ stripeSubscriptionId: 'sub_new_owner', customerId: 'cus_new_owner', priceId: 'commercial-plus', quantity: 1, currentPeriodEnd: end })),
    )
    const [row] = await api.db.query<{ paid_until: Date; packages: string[] }>(
      "select paid_until, packages from subscriptions join feed_rules on feed_rules.subscription_id = subscriptions.id where stripe_subscription_id = 'sub_new_owner'",
    )
    expect(row).toEqual({ paid_until: end, packages: ['Prism.Plus.*'] })
  })
})
