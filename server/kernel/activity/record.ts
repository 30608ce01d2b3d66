import type { Queryable } from '@/server/db/database'
import { newId } from '@/server/db/ids'
import type { OutgoingMail } from '@/server/mail/compose'
import { insertMailSql, mailParams, notifyMailQueuedSql } from '@/server/mail/outbox'
import type { NewActivity, RecordedActivity } from './activity-entry'
import { activityColumns, activityRow, insertActivitySql } from './activity-table'
import { cappedMailCtes, cappedMailOutcomeSql, cappedMailParams } from '../mail-caps'
import { activityMail, activityMailKey, cappedPurposeOf, mayCauseMail, readFacts, type Facts } from './activity-mail'

/** A data-modifying statement to run in the same statement as the record (its parameters numbered from $1). */
export interface ChangeAlongside {
  sql: string
  params: unknown[]
}

const recordedCount = activityColumns.length

const placeholders = (first: number, count: number) => Array.from({ length: count }, (_, i) => `$${first + i}`).join(', ')

/**
 * Records one change to an owner's licenses in the caller's transaction, so the entry exists
 * exactly when the change does, with what it causes: its mail is queued (within the organisation's
 * caps when it goes to someone else than the owner), and the mail workers notified, by the same
 * statement. The caller may hand over the facts the mail needs when it has read them already, and a
 * change to make in that statement too. (The few statements that record an entry inside their own,
 * mailing no one, take the insert from activity-table.ts, the table's one writer, as this does.)
 */
export async function recordActivity(tx: Queryable, entry: NewActivity, options: { facts?: Facts | null; alongside?: ChangeAlongside } = {}): Promise<RecordedActivity> {
  const id = newId('act')
  const facts = mayCauseMail(entry.kind) && options.facts === undefined ? await readFacts(tx, entry) : (options.facts ?? null)
  const mail = activityMail(entry, facts)
  const [row] = await tx.query<{ at: Date }>(...recordingStatement(id, entry, mail, options.alongside))
  return { ...entry, id, at: new Date(row!.at) }
}

/**
 * One statement: the change alongside (if any), the activity row, and its mail with the workers'
 * notification (if any): mail to someone else than the owner within the organisation's caps.
 */
function recordingStatement(id: string, entry: NewActivity, mail: OutgoingMail | null, alongside: ChangeAlongside | undefined): [string, unknown[]] {
  const params = [...(alongside?.params ?? []), ...activityRow(id, entry)]
  const ctes = alongside ? [`changed as (${alongside.sql})`] : []
  const values = `values (${placeholders(params.length - recordedCount + 1, recordedCount)})`
  ctes.push(`entry as (${insertActivitySql(activityColumns, values)} returning at)`)
  if (!mail) return [`with ${ctes.join(', ')} select entry.at from entry`, params]
  const purpose = cappedPurposeOf(entry.kind)
  if (purpose) {
    ctes.push(cappedMailCtes(params.length + 1))
    params.push(...cappedMailParams(entry.ownerOid, purpose, mail))
    return [`with ${ctes.join(', ')} select entry.at, ${cappedMailOutcomeSql} from entry`, params]
  }
  ctes.push(`queued as (${insertMailSql(params.length + 1)})`)
  params.push(...mailParams(mail, activityMailKey(id)))
  return [`with ${ctes.join(', ')} select entry.at, ${notifyMailQueuedSql} from entry`, params]
}
