import { findPlan } from '@/common/plans'
import type { Database } from '../db/database'
import { cancelReminderMail } from '../mail/messages'
import type { Person } from '../mail/compose'
import { queueMail } from '../mail/outbox'
import { contactsOf, contactsSql } from '../kernel/organisation-contacts'
import { liveSql } from './standing'

/** One reminder per subscription and period end: a cancellation withdrawn and set again for a later end reminds again. */
export const cancelReminderKey = (subscriptionId: string, periodEnd: Date) => `cancel-reminder:${subscriptionId}:${Math.floor(periodEnd.getTime() / 1000)}`

/**
 * Queues the reminder to the billing contacts of each organisation whose live subscription is set to cancel and ends within 30
 * days, once: the dedupe key lets every instance (and every restart) run this as often as it
 * likes. Cheap: the subscriptions set to cancel, less those already reminded.
 */
export async function queueCancelReminders(db: Database, origin: string): Promise<number> {
  const due = await db.query<{ id: string; price_id: string; quantity: number; current_period_end: Date; contacts: Person[] | string }>(
    `select s.id, s.price_id, s.quantity, s.current_period_end, ${contactsSql('s.owner_oid', 'billing')} as contacts
       from subscriptions s
      where s.cancel_at_period_end and ${liveSql('s')}
        and s.current_period_end > now() and s.current_period_end <= now() + interval '30 days'
        and not exists (select 1 from mail_outbox m where m.dedupe_key = 'cancel-reminder:' || s.id || ':' || floor(extract(epoch from s.current_period_end))::bigint)`,
  )
  for (const row of due) {
    const plan = findPlan(row.price_id)
    if (!plan) continue
    const endsAt = new Date(row.current_period_end)
    const to = contactsOf(row.contacts)
    if (!to.length) continue
    await queueMail(db, cancelReminderMail({ origin, to, planName: plan.name, seats: row.quantity, endsAt }), { dedupeKey: cancelReminderKey(row.id, endsAt) })
  }
  return due.length
}
