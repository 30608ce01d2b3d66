import { describe, expect, it } from 'vitest'
import { communityEligibility, findPlan, planLadder, plans, upgradePaths, upgradeSeatLimits } from '@/common/plans'

describe('plans', () => {
  it('holds the three plans of the spec with their prices in cents', () => {
    expect(plans.map((plan) => [plan.name, plan.price])).toEqual([
      ['Community', 0],
      ['Commercial Plus', 49900],
      ['Commercial', 29900],
    ])
  })

  it('shows prices as USD with two decimals, and Community as FREE*', () => {
    expect(Object.fromEntries(plans.map((plan) => [plan.priceId, plan.priceDisplay]))).toEqual({
      community: 'FREE*',
      commercial: '$299.00',
      'commercial-plus': '$499.00',
    })
  })

  it('marks only Commercial Plus as the best value', () => {
    expect(plans.filter((plan) => plan.bestValue).map((plan) => plan.name)).toEqual(['Commercial Plus'])
  })

  it('lists the features of each plan', () => {
    expect(findPlan('community')?.features).toHaveLength(2)
    expect(findPlan('commercial')?.features).toEqual(['Commercial app development', 'Public package feed', 'Unlimited deployment'])
    expect(findPlan('commercial-plus')?.features).toContain('Discord access')
    expect(findPlan('commercial-plus')?.features).toHaveLength(9)
  })

  it('caps Community purchases at 5 seats and leaves paid plans open', () => {
    expect(findPlan('community')?.maxPurchaseSeats).toBe(5)
    expect(findPlan('commercial')?.maxPurchaseSeats).toBeUndefined()
    expect(findPlan('commercial-plus')?.maxPurchaseSeats).toBeUndefined()
  })

  it('knows no other price', () => {
    expect(findPlan('enterprise')).toBeUndefined()
  })

  it('follows the upgrade paths of spec section 4 [S4.upgrade.paths]', () => {
    expect(upgradePaths).toEqual({
      community: ['commercial', 'commercial-plus'],
      commercial: ['commercial-plus'],
      'commercial-plus': [],
    })
    expect(upgradeSeatLimits).toEqual({ min: 1, max: 500 })
  })

  it('ranks the plans from the cheapest to the dearest, so an upgrade path always leads up', () => {
    expect(planLadder).toEqual(['community', 'commercial', 'commercial-plus'])
    for (const [from, targets] of Object.entries(upgradePaths)) {
      for (const to of targets) expect(planLadder.indexOf(to)).toBeGreaterThan(planLadder.indexOf(from as keyof typeof upgradePaths))
    }
  })

  it('states the Community eligibility of spec section 6: revenue under $1 million, outside capital never over $3 million', () => {
    expect(communityEligibility).toMatch(/^\* Free for .*under \$1 million USD in annual gross revenue, or that have never received more than \$3 million USD in outside capital\.$/)
  })
})
