import { describe, expect, it } from 'vitest'
import { spreadSeats, upgradeSeats } from '@/server/licensing/upgrade'

/**
 * How an upgrade to a number of seats in all divides them among the owner's live subscriptions
 * (oldest first): more seats go to the oldest; fewer come out of free seats, the newest
 * subscription's first; no subscription is ever left with fewer seats than it has assigned, nor
 * with none. Without a database: the upgrade's API tests charge what this plans.
 */
const owned = (...subscriptions: [quantity: number, assigned: number][]) => subscriptions.map(([quantity, assigned]) => ({ quantity, assigned }))

describe('the seats of an upgrade, spread over the subscriptions', () => {
  it('gives more seats to the oldest subscription, the others keeping theirs', () => {
    expect(spreadSeats(owned([2, 1], [3, 3]), 9)).toEqual([6, 3])
    expect(spreadSeats(owned([1, 1]), 5)).toEqual([5])
  })

  it("takes fewer seats from the newest subscription's free seats first, then the older ones'", () => {
    expect(spreadSeats(owned([5, 1], [4, 1]), 7)).toEqual([5, 2])
    expect(spreadSeats(owned([5, 1], [4, 1]), 3)).toEqual([2, 1])
  })

  it('never leaves a subscription with fewer seats than it has assigned: its assigned seats stay, the free ones go elsewhere', () => {
    // The newest holds 3 assigned of 4: one seat comes from it, the other three from the oldest's free seats.
    expect(spreadSeats(owned([5, 1], [4, 3]), 5)).toEqual([2, 3])
    expect(spreadSeats(owned([3, 3], [6, 2], [2, 0]), 7)).toEqual([3, 3, 1])
  })

  it('refuses fewer seats than each subscription keeps: its assigned seats, and one at least', () => {
    expect(spreadSeats(owned([5, 1], [4, 3]), 3)).toBeNull()
    expect(spreadSeats(owned([2, 0], [2, 0], [2, 0]), 2)).toBeNull()
    expect(spreadSeats(owned([1, 0], [2, 2]), 2)).toBeNull()
  })

  it('names in its refusal the fewest seats the owner may choose: every assigned license, and one seat for each subscription without one', () => {
    expect(() => upgradeSeats(owned([5, 1], [4, 3]), 3)).toThrow('4 licenses are assigned: choose at least 4 seats, or unassign some first.')
    // Two assigned, but the second and third subscriptions keep a seat each: four at least, not the largest count (2).
    expect(() => upgradeSeats(owned([3, 2], [2, 0], [2, 0]), 3)).toThrow('Your 3 subscriptions keep their assigned licenses and one seat each at least: choose at least 4 seats.')
    expect(() => upgradeSeats(owned([2, 0], [2, 0], [2, 0]), 2)).toThrow('choose at least 3 seats.')
    expect(upgradeSeats(owned([3, 2], [2, 0], [2, 0]), 4)).toEqual([2, 1, 1])
  })

  it('for every owner of up to three subscriptions and every number of seats: the total asked, each subscription its assigned seats and one at least, only the oldest growing', () => {
    const shapes = [1, 2, 4].flatMap((quantity) => [0, 1, 2, 4].filter((assigned) => assigned <= quantity).map((assigned) => [quantity, assigned] as [number, number]))
    const owners = [...shapes.map((one) => [one]), ...shapes.flatMap((one) => shapes.map((two) => [one, two])), ...shapes.flatMap((one) => shapes.map((two) => [one, two, [2, 1] as [number, number]]))]
    let planned = 0
    for (const shape of owners) {
      const subscriptions = owned(...shape)
      // Each subscription keeps its assigned seats, and one at least.
      const kept = subscriptions.reduce((sum, { assigned }) => sum + Math.max(assigned, 1), 0)
      for (let quantity = 1; quantity <= 14; quantity++) {
        const seats = spreadSeats(subscriptions, quantity)
        const case_ = `${JSON.stringify(shape)} to ${quantity} seats`
        // The branch is the test: too few seats are refused, enough are spread by the rules below.
        if (quantity < kept) {
          expect(seats, `${case_}: refused`).toBeNull()
          continue
        }
        planned++
        expect(seats, case_).not.toBeNull()
        expect(
          seats!.reduce((sum, each) => sum + each, 0),
          `${case_}: the total`,
        ).toBe(quantity)
        seats!.forEach((each, index) =>
          expect(each, `${case_}: subscription ${index + 1} keeps its assigned seats, and one at least`).toBeGreaterThanOrEqual(Math.max(subscriptions[index]!.assigned, 1)),
        )
        seats!.slice(1).forEach((each, index) => expect(each, `${case_}: only the oldest grows`).toBeLessThanOrEqual(subscriptions[index + 1]!.quantity))
      }
    }
    expect(planned, 'the cases that have a spread').toBeGreaterThan(500)
  })
})
