import { describe, expect, it } from 'vitest'
import type { ObservedSubscription, StoredSubscription } from '@/server/licensing/subscription'
import { differencesOf } from '@/server/reconciliation/differences'

const now = new Date('2027-03-10T12:00:00Z')
const day = 86_400_000
const portal: StoredSubscription = { priceId: 'commercial', quantity: 3, status: 'active', currentPeriodEnd: '2027-09-01T10:00:00.250Z', cancelAtPeriodEnd: false }
const stripe = (change: Partial<ObservedSubscription> = {}): ObservedSubscription => ({
  stripeSubscriptionId: 'sub_1',
  customerId: 'cus_1',
  accountOid: null,
  priceId: 'commercial',
  stripePriceId: 'price_commercial',
  quantity: 3,
  status: 'active',
  currentPeriodEnd: new Date('2027-09-01T10:00:00Z'),
  cancelAtPeriodEnd: false,
  ...change,
})
const kinds = (observed: ObservedSubscription, stored = portal) => differencesOf(stored, observed, now).map((difference) => difference.kind)

describe('the differences between the portal and Stripe', () => {
  it('are none for the same state (the milliseconds Stripe does not keep aside)', () => {
    expect(kinds(stripe())).toEqual([])
  })

  it('name each field that differs, with both values', () => {
    expect(differencesOf(portal, stripe({ quantity: 5 }), now)).toEqual([{ subscriptionId: 'sub_1', kind: 'quantity', portal: 3, stripe: 5 }])
    expect(kinds(stripe({ status: 'past_due' }))).toEqual(['status'])
    expect(kinds(stripe({ currentPeriodEnd: new Date('2028-09-01T10:00:00Z') }))).toEqual(['period'])
    expect(kinds(stripe({ cancelAtPeriodEnd: true }))).toEqual(['cancellation'])
    expect(kinds(stripe({ priceId: 'commercial-plus' }))).toEqual(['plan'])
  })

  it('call an end at Stripe of a subscription the portal holds open a deletion', () => {
    expect(kinds(stripe({ status: 'canceled' }))).toEqual(['deletion'])
    expect(kinds(stripe({ status: 'canceled' }), { ...portal, status: 'unpaid' })).toEqual(['status'])
  })

  it('leave the plan out for a price of none of our plans', () => {
    expect(kinds(stripe({ priceId: null, stripePriceId: 'price_old', quantity: 4 }))).toEqual(['quantity'])
  })

  it('count a live subscription more than three days past its period as ended', () => {
    const ended = new Date(now.getTime() - 3 * day - 60_000)
    expect(differencesOf({ ...portal, currentPeriodEnd: ended }, stripe({ currentPeriodEnd: ended }), now)).toEqual([{ subscriptionId: 'sub_1', kind: 'deletion', portal: 'active', stripe: 'unpaid' }])
    const lately = new Date(now.getTime() - 3 * day + 60_000)
    expect(kinds(stripe({ currentPeriodEnd: lately }), { ...portal, currentPeriodEnd: lately })).toEqual([])
  })
})
