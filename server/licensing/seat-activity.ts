import type { PriceId } from '../../common/plans'
import { actorOf, type Actor } from './activity/actor'
import { recordActivity } from './activity/record'
import type { Queryable } from '../db/database'
import type { SubscriptionStatus } from './standing'

/** A seat with what its activity names: its subscription, plan and owner, and who holds it. */
export interface SeatOnRecord {
  id: string
  subscriptionId: string
  priceId: PriceId
  status: SubscriptionStatus
  owner: Actor
  holderEmail: string | null
}

/** The seat, locked until the caller's transaction ends; null when there is no such seat. */
export async function lockSeat(tx: Queryable, seatId: string): Promise<SeatOnRecord | null> {
  const [row] = await tx.query<{
    id: string
    subscription_id: string
    price_id: PriceId
    status: SubscriptionStatus
    assignee_email: string | null
    oid: string
    email: string
    first_name: string
    last_name: string
  }>(
    `select seats.id, seats.subscription_id, seats.assignee_email, subscriptions.price_id, subscriptions.status, owners.oid, owners.email, owners.first_name, owners.last_name
       from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
      where seats.id = $1 for update of seats`,
    [seatId],
  )
  if (!row) return null
  return { id: row.id, subscriptionId: row.subscription_id, priceId: row.price_id, status: row.status, owner: actorOf(row), holderEmail: row.assignee_email }
}

/** Records an assign, unassign or key change of the seat (about its holder then), by its owner unless someone else is named. */
export function recordSeatActivity(tx: Queryable, seat: SeatOnRecord, kind: 'assign' | 'unassign' | 'key-regenerated', actor: Actor = seat.owner) {
  return recordActivity(tx, { ownerOid: seat.owner.oid, kind, actor, priceId: seat.priceId, subjectEmail: seat.holderEmail, seats: null, subscriptionId: seat.subscriptionId })
}
