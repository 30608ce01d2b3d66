import type { Queryable } from '../db/database'
import { hasEnded, isLive, liveSql } from './standing'
import type { StoredSubscription, SubscriptionState } from './subscription'
import type { NewActivity } from '../kernel/activity/activity-entry'
import { actorOf } from '../kernel/activity/actor'
import { recordActivity } from '../kernel/activity/record'

/** One recorded change: `byOwner` when the owner made it (checkout, upgrade, the billing portal), else billing did. */
export interface SubscriptionChange {
  kind: NewActivity['kind']
  seats: number | null
  byOwner: boolean
}

/** Stripe keeps whole seconds; the stored date may hold the milliseconds it was seeded with. */
const wholeSeconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000)

/**
 * The activity a subscription's move from `before` (null: not stored yet) to `after` makes. Each
 * state is applied once (events are processed once and stale ones skipped), so a difference is
 * recorded once; the same state again makes none. A purchase beside a live trial is a purchase
 * (`ownerHasOtherLive` counts no trial).
 */
export function subscriptionChanges(before: StoredSubscription | null, after: SubscriptionState, ownerHasOtherLive: boolean): SubscriptionChange[] {
  // A free trial is no purchase, and its end no expiry (decision 0047): the trial's reminders are its mail.
  if (after.status === 'trialing' || (before?.status === 'trialing' && !isLive(after.status))) return []
  // Bought: a subscription whose first payment went through; a second one adds seats to the first.
  if ((!before || before.status === 'incomplete') && isLive(after.status)) return [{ kind: ownerHasOtherLive ? 'seats-added' : 'purchase', seats: after.quantity, byOwner: true }]
  if (!before) return []
  if (hasEnded(after.status)) return hasEnded(before.status) ? [] : [{ kind: 'expiry', seats: null, byOwner: false }]
  const changes: SubscriptionChange[] = []
  if (after.priceId !== before.priceId) changes.push({ kind: 'upgrade', seats: after.quantity, byOwner: true })
  else if (after.quantity > before.quantity) changes.push({ kind: 'seats-added', seats: after.quantity - before.quantity, byOwner: true })
  // A renewal counts once it is paid: at once, or when a failed renewal's retry succeeds.
  const periodMoved = wholeSeconds(after.currentPeriodEnd) > wholeSeconds(before.currentPeriodEnd)
  if (after.status === 'active' && (periodMoved || before.status === 'past_due')) changes.push({ kind: 'renewal', seats: null, byOwner: false })
  if (after.status === 'past_due' && before.status !== 'past_due') changes.push({ kind: 'payment-failed', seats: null, byOwner: false })
  if (after.cancelAtPeriodEnd !== before.cancelAtPeriodEnd) changes.push({ kind: after.cancelAtPeriodEnd ? 'cancellation' : 'cancellation-withdrawn', seats: null, byOwner: true })
  return changes
}

/** Records, in the caller's transaction, the activity of a subscription just brought from `before` to `after`. */
export async function recordSubscriptionChanges(
  tx: Queryable,
  change: { owner: { oid: string; email: string; first_name: string; last_name: string }; subscriptionId: string; before: StoredSubscription | null; after: SubscriptionState },
): Promise<void> {
  const [otherLive] = await tx.query(`select 1 from subscriptions where owner_oid = $1 and id <> $2 and ${liveSql()} and status <> 'trialing' limit 1`, [change.owner.oid, change.subscriptionId])
  for (const { kind, seats, byOwner } of subscriptionChanges(change.before, change.after, Boolean(otherLive))) {
    await recordActivity(tx, {
      ownerOid: change.owner.oid,
      kind,
      actor: byOwner ? actorOf(change.owner) : null,
      priceId: change.after.priceId,
      subjectEmail: null,
      seats,
      subscriptionId: change.subscriptionId,
    })
  }
}
