import { describe, expect, it } from 'vitest'
import type { StoredSubscription, SubscriptionState } from '@/server/licensing/subscription'
import { subscriptionChanges } from '@/server/licensing/subscription-changes'

const end = new Date('2027-01-01T00:00:00.000Z')
const stored: StoredSubscription = { priceId: 'commercial', quantity: 3, status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: false }
const state = (change: Partial<SubscriptionState> = {}): SubscriptionState => ({
  stripeSubscriptionId: 'sub_1',
  customerId: 'cus_1',
  accountOid: 'oid-1',
  priceId: 'commercial',
  quantity: 3,
  status: 'active',
  currentPeriodEnd: end,
  cancelAtPeriodEnd: false,
  ...change,
})
const kinds = (before: StoredSubscription | null, after: SubscriptionState, otherLive = false) => subscriptionChanges(before, after, otherLive).map((change) => change.kind)

describe('the activity a subscription change makes', () => {
  it('records the same state again as nothing, whatever milliseconds the stored date kept', () => {
    expect(kinds(stored, state())).toEqual([])
    expect(kinds({ ...stored, currentPeriodEnd: new Date(end.getTime() + 600) }, state())).toEqual([])
    expect(kinds({ ...stored, currentPeriodEnd: end.toISOString() }, state())).toEqual([])
  })

  it('records a purchase when a subscription first goes live, as seats added beside another live one', () => {
    expect(subscriptionChanges(null, state(), false)).toEqual([{ kind: 'purchase', seats: 3, byOwner: true }])
    expect(subscriptionChanges(null, state(), true)).toEqual([{ kind: 'seats-added', seats: 3, byOwner: true }])
    expect(kinds(null, state({ status: 'incomplete' }))).toEqual([])
    expect(kinds({ ...stored, status: 'incomplete' }, state())).toEqual(['purchase'])
  })

  it('records a plan change as one upgrade with the new seats, more seats as the seats added, and fewer as nothing', () => {
    expect(subscriptionChanges(stored, state({ priceId: 'commercial-plus', quantity: 6 }), false)).toEqual([{ kind: 'upgrade', seats: 6, byOwner: true }])
    expect(subscriptionChanges(stored, state({ quantity: 5 }), false)).toEqual([{ kind: 'seats-added', seats: 2, byOwner: true }])
    expect(kinds(stored, state({ quantity: 2 }))).toEqual([])
  })

  it('records a renewal once it is paid, and a failed one as a failed payment, by billing', () => {
    const next = new Date('2028-01-01T00:00:00.000Z')
    expect(subscriptionChanges(stored, state({ currentPeriodEnd: next }), false)).toEqual([{ kind: 'renewal', seats: null, byOwner: false }])
    expect(kinds(stored, state({ currentPeriodEnd: next, status: 'past_due' }))).toEqual(['payment-failed'])
    expect(kinds({ ...stored, status: 'past_due', currentPeriodEnd: next }, state({ currentPeriodEnd: next, status: 'past_due' }))).toEqual([])
    expect(kinds({ ...stored, status: 'past_due', currentPeriodEnd: next }, state({ currentPeriodEnd: next }))).toEqual(['renewal'])
  })

  it('records a cancellation and its withdrawal by the owner, and an end once', () => {
    expect(kinds(stored, state({ cancelAtPeriodEnd: true }))).toEqual(['cancellation'])
    expect(kinds({ ...stored, cancelAtPeriodEnd: true }, state())).toEqual(['cancellation-withdrawn'])
    for (const status of ['canceled', 'unpaid', 'incomplete_expired'] as const)
      expect(subscriptionChanges(stored, state({ status, cancelAtPeriodEnd: true }), false)).toEqual([{ kind: 'expiry', seats: null, byOwner: false }])
    expect(kinds({ ...stored, status: 'canceled' }, state({ status: 'canceled' }))).toEqual([])
  })
})
