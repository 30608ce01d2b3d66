import { describe, expect, it } from 'vitest'
import { endedSql, hasEnded, isAssignable, isLive, liveSql, seatStatus, whyNotAssignable, type SubscriptionStatus } from '@/server/licensing/standing'

const statuses: SubscriptionStatus[] = ['active', 'trialing', 'past_due', 'incomplete', 'paused', 'canceled', 'unpaid', 'incomplete_expired']

describe("a subscription's standing", () => {
  it('is live while its seats are held, assignable in good standing only, and ended for good only when canceled, unpaid or expired unpaid', () => {
    expect(statuses.filter(isLive)).toEqual(['active', 'trialing', 'past_due'])
    expect(statuses.filter(isAssignable)).toEqual(['active', 'trialing'])
    expect(statuses.filter(hasEnded)).toEqual(['canceled', 'unpaid', 'incomplete_expired'])
  })

  it('says the same in SQL, under the alias given', () => {
    expect(liveSql('s')).toBe("s.status in ('active', 'trialing', 'past_due')")
    expect(endedSql()).toBe("subscriptions.status in ('canceled', 'unpaid', 'incomplete_expired')")
  })

  it('gives a seat the status the API answers: a due payment before a trial, a trial before a coming cancellation, expired once not live', () => {
    expect(seatStatus({ status: 'active', cancelAtPeriodEnd: false })).toBe('active')
    expect(seatStatus({ status: 'active', cancelAtPeriodEnd: true })).toBe('cancels')
    expect(seatStatus({ status: 'trialing', cancelAtPeriodEnd: true })).toBe('trial')
    expect(seatStatus({ status: 'past_due', cancelAtPeriodEnd: true })).toBe('payment-due')
    expect(seatStatus({ status: 'incomplete', cancelAtPeriodEnd: false })).toBe('expired')
    expect(seatStatus({ status: 'canceled', cancelAtPeriodEnd: false })).toBe('expired')
  })

  it('says why no seat may be assigned from an owner’s subscriptions', () => {
    expect(whyNotAssignable([])).toBe('no-subscription')
    expect(whyNotAssignable(['past_due', 'active'])).toBeNull()
    expect(whyNotAssignable(['canceled', 'past_due'])).toBe('payment-due')
    expect(whyNotAssignable(['canceled', 'incomplete'])).toBe('ended')
  })
})
