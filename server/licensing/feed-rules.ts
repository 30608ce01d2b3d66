import type { PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import { coverageOf, type Coverage } from './coverage'
import { feedPolicy, type ExpiryStrategy } from './feed-policy'
import { isLive, paidStatuses, type SubscriptionStatus } from './standing'

/**
 * Gives a subscription its plan's rule from the policy table, in the caller's transaction: when it
 * is made and when its plan changes; a renewal or any other change keeps the rule it has.
 */
export async function writeFeedRule(tx: Queryable, subscriptionId: string, priceId: PriceId): Promise<void> {
  const rule = feedPolicy[priceId]
  await tx.query(
    `insert into feed_rules (subscription_id, packages, expiry_strategy) values ($1, $2::text[], $3)
     on conflict (subscription_id) do update set packages = excluded.packages, expiry_strategy = excluded.expiry_strategy, written_at = now()`,
    [subscriptionId, [...rule.packages], rule.strategy],
  )
}

/**
 * SQL: a subscription's paid_until once its new status and period end are written (SQL text of
 * the values: the stored paid_until, the new status, the new period end). Active, its current
 * period is paid, so paid_until moves up to that period's end; trialing, nothing is paid (a trial
 * that ends unpaid keeps nothing, decision 0047); past due, unpaid or ended it stays where the last
 * paid period left it.
 */
export const paidUntilSql = (stored: string, status: string, periodEnd: string) =>
  `case when ${status}::text in (${paidStatuses.map((each) => `'${each}'`).join(', ')}) then greatest(coalesce(${stored}, ${periodEnd}::timestamptz), ${periodEnd}::timestamptz) else ${stored} end`

/** A subscription's columns coverage is computed from, read as `feedTermsColumns` names them (the aliases `subscriptions` and `feed_rules`). */
export interface FeedTermsRow {
  price_id: PriceId
  status: SubscriptionStatus
  current_period_end: Date
  paid_until: Date | null
  /** Its free trial's end; null when it had none. */
  trial_end: Date | null
  /** Null only for a subscription without a rule yet: its plan's rule stands in. */
  packages: string[] | null
  expiry_strategy: ExpiryStrategy | null
}

/** SQL: the columns of FeedTermsRow, from `subscriptions` left-joined to its `feed_rules`. */
export const feedTermsColumns =
  'subscriptions.price_id, subscriptions.status, subscriptions.current_period_end, subscriptions.paid_until, subscriptions.trial_end, feed_rules.packages, feed_rules.expiry_strategy'

/** When the subscription's free trial ended with nothing paid for (decision 0047): what the feed says it refuses for; null otherwise. */
export const unpaidTrialEnd = (row: FeedTermsRow): Date | null => (!isLive(row.status) && row.paid_until === null && row.trial_end ? new Date(row.trial_end) : null)

/** The coverage of the subscription a row was read from. */
export const coverageOfRow = (row: FeedTermsRow): Coverage =>
  coverageOf({
    status: row.status,
    currentPeriodEnd: new Date(row.current_period_end),
    paidUntil: row.paid_until && new Date(row.paid_until),
    rule: row.packages && row.expiry_strategy ? { packages: row.packages, strategy: row.expiry_strategy } : feedPolicy[row.price_id],
  })
