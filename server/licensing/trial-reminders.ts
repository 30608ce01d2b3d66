import type { Database } from '../db/database'
import { trialEndReminderMail } from '../mail/messages'
import { dueForReminderSql, periodEndColumns, queuePeriodEndReminders, type PeriodEndRow } from './period-end-reminders'

/** The days before a trial's end its owners are told (issue 49), each once per end: an extension moves the end, and tells again. */
export const trialReminderDays = [7, 1] as const

/**
 * Queues, to the billing contacts of each organisation whose free trial ends within 7 days (and
 * more than 1), and within 1 day, the trial's reminder, once per day mark and trial end (a trialing subscription's
 * period ends with its trial): whether its one extension is still there. Every instance may run it
 * as often as it likes: the dedupe keys send each once.
 */
export async function queueTrialReminders(db: Database, origin: string): Promise<number> {
  let due = 0
  for (const [mark, days] of trialReminderDays.entries()) {
    const kind = `trial-ends-${days}`
    // Each mark until the next: a trial 12 hours from its end is told it ends tomorrow, not in a week.
    const next = trialReminderDays[mark + 1] ?? 0
    const rows = await db.query<PeriodEndRow & { extended: boolean }>(
      `select ${periodEndColumns}, exists (select 1 from trials t where t.stripe_subscription_id = s.stripe_subscription_id and t.extended_at is not null) as extended
         from subscriptions s
        where s.status = 'trialing' and s.trial_end is not null and ${dueForReminderSql(kind, days)} and s.current_period_end > now() + interval '${next} days'`,
    )
    due += await queuePeriodEndReminders(db, kind, rows, (row, { plan, periodEnd, to }) => trialEndReminderMail({ origin, to, planName: plan.name, endsAt: periodEnd, canExtend: !row.extended }))
  }
  return due
}
