import type { PriceId } from '@/common/plans'
import { accountJsonSql, actorOf, type AccountRow, type Actor } from '../kernel/activity/actor'
import { factsFrom, type FactRows } from '../kernel/activity/activity-mail'
import type { NewActivity } from '../kernel/activity/activity-entry'
import { recordActivity, type ChangeAlongside } from '../kernel/activity/record'
import type { Queryable } from '../db/database'
import type { SubscriptionStatus } from './standing'
import type { Role } from '../organisations/roles'

/** A seat with what its activity names: its subscription, plan and owner, and who holds it. */
export interface SeatOnRecord {
  id: string
  subscriptionId: string
  priceId: PriceId
  status: SubscriptionStatus
  owner: Actor
  holderEmail: string | null
  /** The identity the seat is bound to (null: its holder has not signed in yet). */
  holderOid: string | null
}

/**
 * The seat, locked until the caller's transaction ends, and the account of the person about to
 * change it (null when they have none), in one statement; null when there is no such seat.
 */
export async function lockSeat(tx: Queryable, seatId: string, callerOid: string): Promise<{ seat: SeatOnRecord; callerAccount: AccountRow | null } | null> {
  const [row] = await tx.query<{
    id: string
    subscription_id: string
    price_id: PriceId
    status: SubscriptionStatus
    assignee_email: string | null
    holder_oid: string | null
    oid: string
    email: string
    first_name: string
    last_name: string
    caller: AccountRow | null
  }>(
    `select seats.id, seats.subscription_id, seats.assignee_email, seats.holder_oid, subscriptions.price_id, subscriptions.status, owners.oid, owners.email, owners.first_name, owners.last_name,
            ${accountJsonSql('$2')} as caller
       from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
      where seats.id = $1 for update of seats`,
    [seatId, callerOid],
  )
  if (!row) return null
  const seat = { id: row.id, subscriptionId: row.subscription_id, priceId: row.price_id, status: row.status, owner: actorOf(row), holderEmail: row.assignee_email, holderOid: row.holder_oid }
  return { seat, callerAccount: row.caller }
}

/**
 * Records an assign, unassign or key change of the seat (about its holder then), by its owner
 * unless someone else is named, in one statement: with the change alongside when given, and the
 * mail from the rows the caller read already when given.
 */
export function recordSeatActivity(
  tx: Queryable,
  seat: SeatOnRecord,
  kind: 'assign' | 'unassign' | 'key-regenerated',
  options: { actor?: Actor; actorRole?: Role | null; factRows?: FactRows; alongside?: ChangeAlongside } = {},
) {
  const entry: NewActivity = {
    ownerOid: seat.owner.oid,
    kind,
    actor: options.actor ?? seat.owner,
    actorRole: options.actorRole ?? null,
    priceId: seat.priceId,
    subjectEmail: seat.holderEmail,
    seats: null,
    subscriptionId: seat.subscriptionId,
  }
  return recordActivity(tx, entry, { facts: options.factRows && factsFrom(entry, options.factRows), alongside: options.alongside })
}
