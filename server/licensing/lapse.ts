import type { Database } from '../db/database'
import { recordSubscriptionChanges } from './subscription-changes'
import { liveSql } from './standing'
import { lapseAfterDays, type StoredSubscription } from './subscription'

const overdue = (alias: string) => `${liveSql(alias)} and ${alias}.current_period_end < now() - make_interval(days => ${lapseAfterDays})`

/**
 * Ends the subscriptions still live whose period ended more than `lapseAfterDays` ago with no
 * word of a renewal (subscription.ts): they become `unpaid`, their seats stop being live, and the
 * expiry is recorded as activity. A renewal heard later brings them back. Answers the Stripe ids of
 * those it ended (with `dryRun`, of those it would end).
 */
export async function lapseOverdue(db: Database, options: { dryRun?: boolean } = {}): Promise<string[]> {
  const rows = await db.query<{ id: string; stripe_subscription_id: string; owner_oid: string; stripe_customer_id: string } & StoredSubscription>(
    `select s.id, s.stripe_subscription_id, s.owner_oid, a.stripe_customer_id, s.price_id as "priceId", s.quantity, s.status,
            s.current_period_end as "currentPeriodEnd", s.cancel_at_period_end as "cancelAtPeriodEnd"
       from subscriptions s join accounts a on a.oid = s.owner_oid where ${overdue('s')} order by s.current_period_end`,
  )
  if (options.dryRun) return rows.map((row) => row.stripe_subscription_id)
  const lapsed: string[] = []
  for (const row of rows) {
    await db.transaction(async (tx) => {
      const [owner] = await tx.query<{ oid: string; email: string; first_name: string; last_name: string }>('select oid, email, first_name, last_name from accounts where oid = $1 for update', [
        row.owner_oid,
      ])
      // Still overdue now that the owner is locked (a renewal may have landed meanwhile).
      const ended = await tx.query(`update subscriptions set status = 'unpaid' where id = $1 and ${overdue('subscriptions')} returning id`, [row.id])
      if (!owner || ended.length === 0) return
      const after = { ...row, stripeSubscriptionId: row.stripe_subscription_id, customerId: row.stripe_customer_id, accountOid: row.owner_oid, currentPeriodEnd: new Date(row.currentPeriodEnd) }
      await recordSubscriptionChanges(tx, { owner, subscriptionId: row.id, before: row, after: { ...after, status: 'unpaid' } })
      lapsed.push(row.stripe_subscription_id)
    })
  }
  return lapsed
}
