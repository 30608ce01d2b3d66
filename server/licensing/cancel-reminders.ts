import type { Database } from '../db/database'
import { cancelReminderMail } from '../mail/messages'
import { dueForReminderSql, periodEndColumns, periodEndReminderKey, queuePeriodEndReminders, type PeriodEndRow } from './period-end-reminders'
import { liveSql } from './standing'

const kind = 'cancel-reminder'

/** One reminder per subscription and period end: a cancellation withdrawn and set again for a later end reminds again. */
export const cancelReminderKey = (subscriptionId: string, periodEnd: Date) => periodEndReminderKey(kind, subscriptionId, periodEnd)

/**
 * Queues the reminder to the billing contacts of each organisation whose live subscription is set to cancel and ends within 30
 * days, once: the dedupe key lets every instance (and every restart) run this as often as it
 * likes. Cheap: the subscriptions set to cancel, less those already reminded.
 */
export async function queueCancelReminders(db: Database, origin: string): Promise<number> {
  const due = await db.query<PeriodEndRow>(
    `select ${periodEndColumns}
       from subscriptions s
      where s.cancel_at_period_end and ${liveSql('s')}
        and ${dueForReminderSql(kind)}`,
  )
  return queuePeriodEndReminders(db, kind, due, (row, { plan, periodEnd, to }) => cancelReminderMail({ origin, to, planName: plan.name, seats: row.quantity, endsAt: periodEnd }))
}
