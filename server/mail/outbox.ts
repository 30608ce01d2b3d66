import type { Queryable } from '../db/database'
import { newId } from '../db/ids'
import type { OutgoingMail } from './compose'

/** A queued message a worker has claimed for one attempt. */
export interface ClaimedMail extends OutgoingMail {
  id: string
  attempts: number
  createdAt: Date
}

/** The channel on which queued mail wakes the workers of every instance (PostgreSQL's NOTIFY). */
export const mailQueuedChannel = 'mail_queued'

/** SQL: inserts one message (its columns in six parameters from `$first` on, as mailParams lists them), at most once per dedupe key. */
export const insertMailSql = (first: number) =>
  `insert into mail_outbox (id, recipient, subject, text, html, dedupe_key) values (${[0, 1, 2, 3, 4, 5].map((i) => `$${first + i}`).join(', ')}) on conflict (dedupe_key) do nothing`

/** The parameters of insertMailSql. */
export const mailParams = (mail: OutgoingMail, dedupeKey: string | undefined) => [newId('mail'), mail.to, mail.subject, mail.text, mail.html, dedupeKey ?? null]

/** SQL: wakes the workers (a notification inside a transaction waits for its commit). */
export const notifyMailQueuedSql = `pg_notify('${mailQueuedChannel}', '')`

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits, and
 * never while the request that caused it waits. A dedupe key queues it at most once, ever. The
 * workers are told on commit, by the same statement (a data-modifying CTE runs whether or not it is read).
 */
export async function queueMail(tx: Queryable, mail: OutgoingMail, options: { dedupeKey?: string } = {}): Promise<void> {
  await tx.query(`with queued as (${insertMailSql(1)}) select ${notifyMailQueuedSql}`, mailParams(mail, options.dedupeKey))
}

/** How long until the next unsent message falls due (a retry, or a lease's end), by the database's clock; undefined when none waits. */
export async function msUntilNextMailDue(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ wait: number | string | null }>('select extract(epoch from min(next_attempt_at) - now()) * 1000 as wait from mail_outbox where sent_at is null')
  return row?.wait === null || row?.wait === undefined ? undefined : Number(row.wait)
}

/**
 * Claims the oldest due message for one attempt, in one statement: skip locked lets workers of
 * several instances claim different messages at once, and the lease (its next attempt time moved
 * `leaseMs` ahead) hands it to another worker if this one dies before it records the outcome.
 */
export async function claimDueMail(db: Queryable, leaseMs: number): Promise<ClaimedMail | undefined> {
  const [row] = await db.query<{ id: string; recipient: string; subject: string; text: string; html: string; attempts: number; created_at: Date }>(
    `with due as (
       select id from mail_outbox where sent_at is null and next_attempt_at <= now() order by next_attempt_at limit 1 for update skip locked
     )
     update mail_outbox m set next_attempt_at = now() + ($1::integer * interval '1 millisecond') from due where m.id = due.id
     returning m.id, m.recipient, m.subject, m.text, m.html, m.attempts, m.created_at`,
    [leaseMs],
  )
  return row && { id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, attempts: row.attempts, createdAt: new Date(row.created_at) }
}

/**
 * SQL: the columns' text and HTML with every invitation link's secret blanked (`[sent]`): once a
 * message is sent or given up, the outbox keeps no secret a reader of the database could use (issue 48).
 */
const withoutSecrets = (when = 'true') =>
  ['text', 'html'].map((column) => `${column} = case when ${when} then regexp_replace(${column}, '(/account/invitations[/#])[A-Za-z0-9_-]{20,}', '\\1[sent]', 'g') else ${column} end`).join(', ')

export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query(`update mail_outbox set sent_at = now(), attempts = attempts + 1, next_attempt_at = null, last_error = null, ${withoutSecrets()} where id = $1`, [id])
}

/** Records a failed attempt and when to try again; `retryInMs` null gives up (the row stays, unsent, its secrets blanked). */
export async function markMailFailed(db: Queryable, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db.query(
    `update mail_outbox set attempts = attempts + 1, last_error = $2,
       next_attempt_at = case when $3::integer is null then null else now() + ($3::integer * interval '1 millisecond') end,
       ${withoutSecrets('$3::integer is null')}
     where id = $1`,
    [id, error, retryInMs],
  )
}
