import { formatLongDate } from '@/common/format'
import type { Queryable } from '../db/database'
import { conflict, type Refusal } from '../kernel/refusal'
import { assignableSql } from './standing'

/**
 * A seat reduction scheduled for a renewal (renewals.ts) keeps its promise: never fewer seats
 * renewed than are assigned. While one counts, a subscription gives no seat beyond the seats it
 * renews with; the owner chooses more seats for the renewal first.
 */

/** SQL: `rc`, the seat reduction of subscription `s` that counts at its renewal (none: nulls). */
export const countedReductionJoin =
  "left join renewal_changes rc on rc.subscription_id = s.id and rc.from_price_id = s.price_id and rc.from_quantity = s.quantity and date_trunc('second', rc.takes_effect_at) = date_trunc('second', s.current_period_end)"

/** SQL: the subscription row (under the alias) renews with no more seats than it has assigned now. */
export const renewalKeepsAssignedSql = (alias: string) =>
  `exists (select 1 from renewal_changes rc where rc.subscription_id = ${alias}.id and rc.from_price_id = ${alias}.price_id and rc.from_quantity = ${alias}.quantity
      and date_trunc('second', rc.takes_effect_at) = date_trunc('second', ${alias}.current_period_end)
      and rc.seats <= (select count(*) from seats held where held.subscription_id = ${alias}.id and held.assignee_email is not null))`

/** Why no seat was free: a reduction that keeps the seats assigned (said in words, with its date), or none left. */
export async function noSeatLeft(db: Queryable, ownerOid: string): Promise<Refusal> {
  const [held] = await db.query<{ seats: number; takes_effect_at: Date }>(
    `select rc.seats, rc.takes_effect_at from subscriptions s join renewal_changes rc on rc.subscription_id = s.id
      where s.owner_oid = $1 and ${assignableSql('s')} and ${renewalKeepsAssignedSql('s')}
        and exists (select 1 from seats free where free.subscription_id = s.id and free.assignee_email is null) limit 1`,
    [ownerOid],
  )
  if (!held) return conflict('No license is left to assign. Buy additional licenses first.')
  return conflict(
    `Your subscription renews on ${formatLongDate(new Date(held.takes_effect_at))} with ${held.seats} licenses, and all of them are assigned. Choose more seats for the renewal under Renewal first.`,
  )
}
