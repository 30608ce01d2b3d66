import { findPlan, type PriceId } from '@/common/plans'
import type { Database } from '../db/database'
import { renewalReminderMail } from '../mail/messages'
import type { Person } from '../mail/compose'
import { queueMail } from '../mail/outbox'
import { contactsOf, contactsSql } from '../kernel/organisation-contacts'
import { liveSql } from './standing'

/** One reminder per subscription and renewal date. */
export const renewalReminderKey = (subscriptionId: string, renewsOn: Date) => `renewal-reminder:${subscriptionId}:${Math.floor(renewsOn.getTime() / 1000)}`

/**
 * Queues the reminder to the billing contacts of each live subscription's organisation that renews within 30 days (not set
 * to cancel: that one has its own reminder), once: the seats it renews with (a scheduled
 * reduction counted, as renewals.ts counts it), the holders of its seats, the free ones and the
 * amount. Every instance may run it as often as it likes: the dedupe key sends it once.
 */
export async function queueRenewalReminders(db: Database, origin: string): Promise<number> {
  const due = await db.query<{
    id: string
    price_id: PriceId
    quantity: number
    current_period_end: Date
    contacts: Person[] | string
    change_seats: number | null
    holders: string[]
  }>(
    `select s.id, s.price_id, s.quantity, s.current_period_end, ${contactsSql('s.owner_oid', 'billing')} as contacts, rc.seats as change_seats,
            coalesce((select json_agg(seats.assignee_email order by seats.assigned_at, seats.id) from seats where seats.subscription_id = s.id and seats.assignee_email is not null), '[]'::json) as holders
       from subscriptions s
       left join renewal_changes rc on rc.subscription_id = s.id and rc.from_price_id = s.price_id and rc.from_quantity = s.quantity and date_trunc('second', rc.takes_effect_at) = date_trunc('second', s.current_period_end)
      where not s.cancel_at_period_end and ${liveSql('s')}
        and s.current_period_end > now() and s.current_period_end <= now() + interval '30 days'
        and not exists (select 1 from mail_outbox m where m.dedupe_key = 'renewal-reminder:' || s.id || ':' || floor(extract(epoch from s.current_period_end))::bigint)`,
  )
  for (const row of due) {
    const plan = findPlan(row.price_id)
    if (!plan) continue
    const renewsOn = new Date(row.current_period_end)
    const renewalSeats = row.change_seats ?? row.quantity
    const to = contactsOf(row.contacts)
    if (!to.length) continue
    const holders = typeof row.holders === 'string' ? (JSON.parse(row.holders) as string[]) : row.holders
    await queueMail(db, renewalReminderMail({ origin, to, planName: plan.name, renewsOn, seats: row.quantity, renewalSeats, holders, amount: plan.price * renewalSeats }), {
      dedupeKey: renewalReminderKey(row.id, renewsOn),
    })
  }
  return due.length
}
