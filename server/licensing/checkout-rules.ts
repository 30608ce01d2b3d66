import type { CheckoutRequest } from '../../common/contract'
import { findPlan, type Plan } from '../../common/plans'
import type { Queryable } from '../db/database'
import type { AccountRow } from './account-store'
import { statsOf } from './license-store'
import { conflict } from './refusal'

/** How many more seats of the plan the owner may buy (Community: five an account); null: no limit. */
export async function seatsAvailable(db: Queryable, ownerOid: string, plan: Plan): Promise<number | null> {
  const limit = plan.maxPurchaseSeats
  return limit === undefined ? null : Math.max(0, limit - (await statsOf(db, ownerOid)).purchased)
}

/** Refuses (409) an order the account may not place: another license type than its own, or more seats than the plan allows. */
export async function checkOrder(db: Queryable, account: AccountRow, order: Pick<CheckoutRequest, 'priceId' | 'quantity'>): Promise<void> {
  if (account.allowed_price_id && account.allowed_price_id !== order.priceId) throw conflict('Accounts are limited to one license type.')
  const plan = findPlan(order.priceId)!
  const available = await seatsAvailable(db, account.oid, plan)
  if (available !== null && order.quantity > available) throw conflict(`${plan.name} is limited to ${plan.maxPurchaseSeats} licenses per account.`)
}
