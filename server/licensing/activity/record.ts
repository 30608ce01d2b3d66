import type { Queryable } from '../../db/database'
import { newId } from '../../db/ids'
import type { NewActivity, RecordedActivity } from './activity-entry'
import { queueMailFor } from './activity-mail'

/**
 * Records one change to an owner's licenses in the caller's transaction, so the entry exists
 * exactly when the change does. Every entry goes through here (and what it causes, such as mail,
 * is queued here, in the same transaction).
 */
export async function recordActivity(tx: Queryable, entry: NewActivity): Promise<RecordedActivity> {
  const [row] = await tx.query<{ id: string; at: Date }>(
    `insert into activity (id, owner_oid, kind, actor_oid, actor_name, actor_email, price_id, subject_email, seats, subscription_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id, at`,
    [newId('act'), entry.ownerOid, entry.kind, entry.actor?.oid ?? null, entry.actor?.name ?? null, entry.actor?.email ?? null, entry.priceId, entry.subjectEmail, entry.seats, entry.subscriptionId],
  )
  const recorded: RecordedActivity = { ...entry, id: row!.id, at: new Date(row!.at) }
  await queueMailFor(tx, recorded)
  return recorded
}
