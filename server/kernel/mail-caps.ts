import type { Queryable } from '../db/database'
import { newId } from '../db/ids'
import type { OutgoingMail } from '../mail/compose'
import { notifyMailQueuedSql } from '../mail/outbox'
import { insertActivitySql } from './activity/activity-table'

/**
 * The mail an organisation's members cause to be sent to other people (seat assignments,
 * invitations) is capped, so that no account can send the portal's mail in bulk (issue 30):
 * - at most `perOrganisationPerDay` messages a day (UTC) per organisation: past it, a message is dropped;
 * - one message a day per recipient per organisation: a second waits until the next day, unless
 *   one of the same purpose still waits unsent, which it replaces (a resent invitation's new link);
 * a message dropped or put off is a line in the organisation's activity, never an error.
 */
export const mailCaps = { perOrganisationPerDay: 50 } as const

export type CappedOutcome = 'queued' | 'replaced' | 'deferred' | 'dropped'

/** What a message is about: the replacement rule compares it. */
export type MailPurpose = 'seat-assigned' | 'invitation'

/**
 * The statement's common table expressions, its parameters numbered from `$first` on (in the order
 * of cappedMailParams), after the caller locked the organisation (its account row or its members):
 * today's count and the recipient's messages read, then the message queued, replaced, put off to
 * tomorrow or dropped, with its activity line. `decided` holds the outcome. They join another
 * statement's (an activity's record), or stand alone in queueCappedMail.
 */
export function cappedMailCtes(first: number) {
  const p = (n: number) => `$${first + n - 1}`
  return `  today as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as starts),
  seen as (
    select (select count(*) from mail_outbox, today where org_oid = ${p(1)} and created_at >= today.starts) as org_today,
           (select id from mail_outbox where org_oid = ${p(1)} and lower(recipient) = lower(${p(2)}) and purpose = ${p(3)} and sent_at is null and attempts = 0 and next_attempt_at is not null
             order by created_at desc limit 1) as unsent,
           exists (select 1 from mail_outbox, today where org_oid = ${p(1)} and lower(recipient) = lower(${p(2)}) and created_at >= today.starts) as recipient_today),
  decided as (
    select case when unsent is not null then 'replaced' when org_today >= ${p(8)} then 'dropped' when recipient_today then 'deferred' else 'queued' end as outcome, unsent from seen),
  replaced as (update mail_outbox set subject = ${p(4)}, text = ${p(5)}, html = ${p(6)} where id = (select unsent from decided where outcome = 'replaced')),
  queued as (
    insert into mail_outbox (id, recipient, subject, text, html, org_oid, purpose, next_attempt_at)
    select ${p(7)}, ${p(2)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(1)}, ${p(3)}, case outcome when 'deferred' then (select starts from today) + interval '1 day' else now() end
      from decided where outcome in ('queued', 'deferred')),
  noted as (
    ${insertActivitySql(
      ['id', 'owner_oid', 'kind', 'subject_email'],
      `select ${p(9)}, ${p(1)}, case outcome when 'deferred' then 'mail-deferred' else 'mail-dropped' end, ${p(2)} from decided where outcome in ('deferred', 'dropped')`,
    )})`
}

/** The parameters of cappedMailCtes. */
export const cappedMailParams = (organisation: string, purpose: MailPurpose, mail: OutgoingMail) => [
  organisation,
  mail.to,
  purpose,
  mail.subject,
  mail.text,
  mail.html,
  newId('mail'),
  mailCaps.perOrganisationPerDay,
  newId('act'),
]

/**
 * SQL: the outcome, and the workers woken (on commit) only when a message is due now. A message put
 * off or dropped wakes no one, nor does a replaced one (its worker was told when it was queued): a
 * NOTIFY makes PostgreSQL commit the transaction under a lock every notifying transaction of the
 * server shares, and an organisation past its cap would queue every assignment on it.
 */
export const cappedMailOutcomeSql = `(select outcome from decided) as outcome, (select ${notifyMailQueuedSql} from decided where outcome = 'queued') as notified`

/** Queues a message an organisation causes, within its caps; answers what became of it. */
export async function queueCappedMail(tx: Queryable, organisation: string, purpose: MailPurpose, mail: OutgoingMail): Promise<CappedOutcome> {
  const [row] = await tx.query<{ outcome: CappedOutcome }>(`with ${cappedMailCtes(1)} select ${cappedMailOutcomeSql}`, cappedMailParams(organisation, purpose, mail))
  return row!.outcome
}
