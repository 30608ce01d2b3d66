import { describe, expect, it } from 'vitest'
import { renewalCard } from '@/src/features/manage-licenses/renewal.select'
import { caraRenewal } from '@/testkit/flows/renewal/renewal.model'

/** A renewal's card counts licenses in words: one license, or a number of them. */
describe("a renewal's card", () => {
  it('says one license in the singular, where it renews and where it ends', () => {
    const one = renewalCard({ ...caraRenewal, seats: 2, renewalSeats: 1, renewalAmount: 29_900 })
    expect(one.summary).toBe('Renews with 1 license for $299.00 a year, before any tax.')
    expect(one.ending).toBe('1 license ends on March 1, 2027')
  })

  it('says more than one in the plural', () => {
    const three = renewalCard({ ...caraRenewal, renewalSeats: 2, renewalAmount: 59_800 })
    expect(three.summary).toBe('Renews with 2 licenses for $598.00 a year, before any tax.')
    expect(three.ending).toBe('3 licenses end on March 1, 2027')
  })
})
