import type { Database } from '../db/database'
import { renewalReminderMail } from '../mail/messages'
import { dueForReminderSql, periodEndColumns, periodEndReminderKey, queuePeriodEndReminders, type PeriodEndRow } from './period-end-reminders'
import { countedReductionJoin } from './renewal-seats-rule'
import { liveSql } from './standing'

const kind = 'renewal-reminder'

/** One reminder per subscription and renewal date. */
export const renewalReminderKey = (subscriptionId: string, renewsOn: Date) => periodEndReminderKey(kind, subscriptionId, renewsOn)

/**
 * Queues the reminder to the billing contacts of each live subscription's organisation that renews within 30 days (not set
 * to cancel: that one has its own reminder; nor a trial: it renews into nothing, trial-reminders.ts; nor one paid by invoice:
 * its renewal invoice, sent 30 days ahead, says it, renewal-invoices.ts), once: the seats it renews with (a scheduled
 * reduction counted, as renewals.ts counts it), the holders of its seats, the free ones and the
 * amount. Every instance may run it as often as it likes: the dedupe key sends it once.
 */
export async function queueRenewalReminders(db: Database, origin: string): Promise<number> {
  const due = await db.query<PeriodEndRow & { change_seats: number | null; holders: string[] }>(
    `select ${periodEndColumns}, rc.seats as change_seats,
            coalesce((select json_agg(seats.assignee_email order by seats.assigned_at, seats.id) from seats where seats.subscription_id = s.id and seats.assignee_email is not null), '[]'::json) as holders
       from subscriptions s
       ${countedReductionJoin}
      where not s.cancel_at_period_end and ${liveSql('s')} and s.status <> 'trialing' and not s.sends_invoices
        and ${dueForReminderSql(kind)}`,
  )
  return queuePeriodEndReminders(db, kind, due, (row, { plan, periodEnd, to }) => {
    const renewalSeats = row.change_seats ?? row.quantity
    const holders = typeof row.holders === 'string' ? (JSON.parse(row.holders) as string[]) : row.holders
    return renewalReminderMail({ origin, to, planName: plan.name, renewsOn: periodEnd, seats: row.quantity, renewalSeats, holders, amount: plan.price * renewalSeats })
  })
}
