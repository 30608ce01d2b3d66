import { findPlan, type Plan } from '@/common/plans'
import type { Database } from '../db/database'
import { jobBatch } from '../db/job-runs'
import { contactsOf, contactsSql } from '../kernel/organisation-contacts'
import type { OutgoingMail, Person } from '../mail/compose'
import { queueMail } from '../mail/outbox'

/** A subscription's row as a reminder of its period's end reads it, from `s`: with its organisation's billing contacts. */
export interface PeriodEndRow {
  id: string
  price_id: string
  quantity: number
  current_period_end: Date
  contacts: Person[] | string
}

/** The columns of PeriodEndRow, from `s`. */
export const periodEndColumns = `s.id, s.price_id, s.quantity, s.current_period_end, ${contactsSql('s.owner_oid', 'billing')} as contacts`

/** One reminder of a kind per subscription and period end. */
export const periodEndReminderKey = (kind: string, subscriptionId: string, periodEnd: Date) => `${kind}:${subscriptionId}:${Math.floor(periodEnd.getTime() / 1000)}`

/** SQL: the period of `s` ends within `days` days (30 unless said), and no reminder of the kind was queued for that end (periodEndReminderKey, in SQL). */
export const dueForReminderSql = (kind: string, days = 30) =>
  `s.current_period_end > now() and s.current_period_end <= now() + interval '${days} days'
        and not exists (select 1 from mail_outbox m where m.dedupe_key = '${kind}:' || s.id || ':' || floor(extract(epoch from s.current_period_end))::bigint)`

/**
 * Queues the reminder of each due row whose plan the portal sells and whose organisation has a
 * billing contact, once (its dedupe key): the mail is written from the row, its plan, its period's
 * end and its contacts; `jobBatch` of them at most in a run, the rest by the next (a row that
 * queues nothing takes none of the batch, so it never holds the others back). Gives how many rows
 * were due.
 */
export async function queuePeriodEndReminders<Row extends PeriodEndRow>(
  db: Database,
  kind: string,
  due: Row[],
  mail: (row: Row, facts: { plan: Plan; periodEnd: Date; to: Person[] }) => OutgoingMail,
): Promise<number> {
  let queued = 0
  for (const row of due) {
    if (queued >= jobBatch) break
    const plan = findPlan(row.price_id)
    if (!plan) continue
    const periodEnd = new Date(row.current_period_end)
    const to = contactsOf(row.contacts)
    if (!to.length) continue
    await queueMail(db, mail(row, { plan, periodEnd, to }), { dedupeKey: periodEndReminderKey(kind, row.id, periodEnd) })
    queued++
  }
  return due.length
}
