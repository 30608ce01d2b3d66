import type { PriceId } from '@/common/plans'
import type { Database } from '../db/database'
import { jobBatch } from '../db/job-runs'
import { recordActivity } from '../kernel/activity/record'
import { endedSql, liveSql } from '../licensing/standing'
import { feedTokenExpiryMail } from '../mail/messages'
import type { Person } from '../mail/compose'
import { queueMail } from '../mail/outbox'
import { contactsOf, contactsSql } from '../kernel/organisation-contacts'

/** How long before a token expires its owner is told. */
export const reminderDays = 14

/** The dedupe key of a token's reminder: one per token, ever. */
export const feedTokenReminderKey = (tokenId: string) => `feed-token-expiry:${tokenId}`

/** SQL, over feed_tokens and their subscription: a working token of a live subscription that expires within $1 days, not reminded yet, made to last longer than that. */
const dueForReminder = `${liveSql()} and feed_tokens.revoked_at is null and feed_tokens.expiry_mailed_at is null
  and feed_tokens.expires_at > now() and feed_tokens.expires_at <= now() + $1::integer * interval '24 hours'
  and feed_tokens.expires_at - feed_tokens.created_at > $1::integer * interval '24 hours'`
/** SQL, the same: an unrevoked token that has expired, not recorded yet, of a subscription not ended for good. */
const expiredUnrecorded = `not (${endedSql()}) and feed_tokens.revoked_at is null and feed_tokens.expiry_recorded_at is null and feed_tokens.expires_at <= now()`

/**
 * SQL: the update of the tokens that meet `where`, the first `limit` of them (soonest to expire):
 * a run marks that many at most, the next run the rest. The update keeps `where` itself too, which
 * a second instance's update checks again once the first's row locks are gone.
 */
const markFirst = (set: string, where: string, limit: string) => `update feed_tokens set ${set}
    from subscriptions
   where subscriptions.id = feed_tokens.subscription_id and ${where}
     and feed_tokens.id in (select feed_tokens.id from feed_tokens join subscriptions on subscriptions.id = feed_tokens.subscription_id
                             where ${where} order by feed_tokens.expires_at limit ${limit})`

/**
 * Queues the reminder to its organisation's owners and seat managers for each working token that expires within 14 days, once: the
 * token is marked (expiry_mailed_at) in the transaction that queues it, so every instance may run
 * this as often as it likes; a second one waits for the first's row locks, then finds them marked.
 * A token made to last 14 days or less was made knowing its expiry: it gets no reminder.
 */
export async function queueFeedTokenReminders(db: Database, origin: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: string; name: string; expires_at: Date; contacts: Person[] | string }>(
      `${markFirst('expiry_mailed_at = now()', dueForReminder, '$2')}
        returning feed_tokens.id, feed_tokens.name, feed_tokens.expires_at, ${contactsSql('subscriptions.owner_oid', 'seats')} as contacts`,
      [reminderDays, jobBatch],
    )
    for (const row of due) {
      const to = contactsOf(row.contacts)
      if (!to.length) continue
      await queueMail(tx, feedTokenExpiryMail({ origin, to, tokenName: row.name, expiresAt: new Date(row.expires_at) }), { dedupeKey: feedTokenReminderKey(row.id) })
    }
    return due.length
  })
}

/**
 * Records 'feed-token-expired' (by nobody: time did it) for each token that has expired unrevoked,
 * once: marked (expiry_recorded_at) in the transaction that records it, as the reminders are. The
 * tokens of a subscription ended for good are left out, as the list leaves them out: its expiry said it all.
 */
export async function recordFeedTokenExpiries(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx.query<{ name: string; subscription_id: string; owner_oid: string; price_id: PriceId }>(
      `${markFirst('expiry_recorded_at = now()', expiredUnrecorded, '$1')}
        returning feed_tokens.name, feed_tokens.subscription_id, subscriptions.owner_oid, subscriptions.price_id`,
      [jobBatch],
    )
    for (const row of expired)
      await recordActivity(tx, {
        ownerOid: row.owner_oid,
        kind: 'feed-token-expired',
        actor: null,
        priceId: row.price_id,
        subjectEmail: null,
        seats: null,
        subscriptionId: row.subscription_id,
        tokenName: row.name,
      })
    return expired.length
  })
}
