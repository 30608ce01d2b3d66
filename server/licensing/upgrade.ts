import type { UpgradeRequest } from '@/common/contract'
import { findPlan, planLadder, upgradePaths } from '@/common/plans'
import type { Queryable } from '../db/database'
import { customerOf } from './billing-account'
import { otherTypeInTheWay } from './checkout-rules'
import { tooFewSeats } from './license-store'
import { conflict, notFound } from '../kernel/refusal'
import { accountWithLiveSubscriptions } from './subscription-store'

/**
 * The upgrade's plan: the subscriptions to change and each one's seats, after every refusal that
 * comes before a charge (the seats assigned; the one license type, with the checkouts still open).
 * It starts from the lowest plan among the live subscriptions, and leaves out those already on the
 * new plan with their seats: when a card is refused part-way through an upgrade of several
 * subscriptions, trying again finishes it. `lockOwner`: read under the owner's lock (owner-lock.ts).
 */
export async function planUpgrade(db: Queryable, oid: string, request: UpgradeRequest, options: { lockOwner?: boolean } = {}) {
  const found = await accountWithLiveSubscriptions(db, oid, request.priceId, options.lockOwner)
  if (!found) throw notFound('The account')
  const { account, subscriptions, otherPlanCheckout } = found
  if (subscriptions.length === 0) throw notFound('Your subscription')
  const from = planLadder.find((priceId) => subscriptions.some((subscription) => subscription.price_id === priceId))!
  if (!upgradePaths[from].includes(request.priceId)) throw conflict(`${findPlan(from)?.name} cannot be upgraded to ${findPlan(request.priceId)?.name}.`)
  // One license type an account: a checkout of the plan left behind would add a second once paid.
  if (otherPlanCheckout) throw otherTypeInTheWay(otherPlanCheckout)
  const seats = upgradeSeats(subscriptions, request.quantity)
  const changes = subscriptions
    .map((subscription) => ({ subscription, quantity: seats[subscriptions.indexOf(subscription)]! }))
    .filter(({ subscription, quantity }) => subscription.price_id !== request.priceId || subscription.quantity !== quantity)
  return { customerId: customerOf(account), refusals: account.upgrade_refusals, changes }
}

/**
 * Each subscription's seats after the upgrade, or the refusal that names the fewest seats the owner
 * may choose: every assigned license, and one seat at least for each subscription that has none
 * assigned (a subscription is never left with no seat).
 */
export function upgradeSeats(subscriptions: readonly { quantity: number; assigned: number }[], quantity: number): number[] {
  const assigned = subscriptions.reduce((sum, subscription) => sum + subscription.assigned, 0)
  if (quantity < assigned) throw tooFewSeats(assigned)
  const seats = spreadSeats(subscriptions, quantity)
  if (seats) return seats
  const fewest = subscriptions.reduce((sum, subscription) => sum + Math.max(subscription.assigned, 1), 0)
  throw conflict(`Your ${subscriptions.length} subscriptions keep their assigned licenses and one seat each at least: choose at least ${fewest} seats.`)
}

/** What the upgrade costs every year from its renewal: the plan's price for each seat. */
export const annualTotal = (request: UpgradeRequest) => findPlan(request.priceId)!.price * request.quantity

/** Whether the new plan costs anything, so a card must be on file before the change. */
export const needsCard = (request: UpgradeRequest) => findPlan(request.priceId)!.price > 0

/**
 * How a change to `quantity` seats in all spreads over the owner's subscriptions: more seats go
 * to the first (oldest); fewer come out of free seats, newest subscription first. Null when
 * fewer seats are asked than are assigned.
 */
export function spreadSeats(subscriptions: readonly { quantity: number; assigned: number }[], quantity: number): number[] | null {
  const assigned = subscriptions.reduce((sum, subscription) => sum + subscription.assigned, 0)
  if (quantity < Math.max(assigned, subscriptions.length)) return null
  const result = subscriptions.map((subscription) => subscription.quantity)
  let change = quantity - result.reduce((sum, seats) => sum + seats, 0)
  if (change >= 0) {
    result[0] = result[0]! + change
    return result
  }
  for (let index = result.length - 1; index >= 0 && change < 0; index--) {
    const keep = Math.max(subscriptions[index]!.assigned, 1)
    const removable = Math.min(result[index]! - keep, -change)
    result[index] = result[index]! - removable
    change += removable
  }
  return change === 0 ? result : null
}
