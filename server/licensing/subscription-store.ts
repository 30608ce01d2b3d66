import { planLadder, type PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import type { AccountRow } from './account-store'
import { newId } from '../db/ids'
import { recordSubscriptionChanges } from './subscription-changes'
import { newLicenseKey } from './license-keys'
import { paidUntilSql, writeFeedRule } from './feed-rules'
import { checkoutOfAnotherPlanSql, type PendingCheckout } from './pending-checkouts'
import { hasEnded, liveSql } from './standing'
import { log } from '../log'
import { carryTrialSeats } from './trials'
import { withOverdueRenewal } from './renewal-invoices'
import { withLapse, type ObservedSubscription, type StoredSubscription, type SubscriptionState } from './subscription'

export type ApplyOutcome = 'created' | 'updated' | 'stale' | 'unknown-account' | 'unknown-price'

/** Where a state comes from: `askedAt`, the database clock when it was asked of Stripe under the subscription's lock (server/db/one-at-a-time.ts); `eventAt`, the event that made the portal ask. */
export interface StateRead {
  askedAt?: string
  eventAt?: Date
}

/**
 * Brings the portal's copy of a Stripe subscription to the given state, in the caller's
 * transaction: a new subscription gets its seats (the first one the buyer's, when the buyer holds
 * none of their own yet); a changed one its plan, seats, status, period end and cancellation.
 * A state asked of Stripe before the one stored was (`read.askedAt`, to the microsecond) changes
 * nothing. Without it (the state Stripe answered a change with) the state is applied as it is.
 * A price that is none of our plans' still moves a subscription the portal holds (its plan stays
 * as it was) and creates none ('unknown-price'). A subscription whose period ended more than
 * `lapseAfterDays` ago is kept as ended (subscription.ts). What changed is recorded as activity in
 * the same transaction: a state already applied changes, and records, nothing.
 */
export async function applySubscription(tx: Queryable, observed: SubscriptionState | ObservedSubscription, read: StateRead = {}): Promise<ApplyOutcome> {
  const [owner] = await tx.query<{ oid: string; email: string; first_name: string; last_name: string }>(
    'select oid, email, first_name, last_name from accounts where stripe_customer_id = $1 or (stripe_customer_id is null and oid = $2) order by stripe_customer_id nulls last limit 1 for update',
    [observed.customerId, observed.accountOid],
  )
  if (!owner) return 'unknown-account'
  const [existing] = await tx.query<{ id: string; stale: boolean | null } & StoredSubscription>(
    `select id, price_id as "priceId", quantity, status, current_period_end as "currentPeriodEnd", cancel_at_period_end as "cancelAtPeriodEnd", $2::timestamptz < stripe_read_at as stale
       from subscriptions where stripe_subscription_id = $1 for update`,
    [observed.stripeSubscriptionId, read.askedAt ?? null],
  )
  if (existing?.stale) return 'stale'
  const priceId = observed.priceId ?? existing?.priceId
  if (!priceId) return 'unknown-price'
  // A renewal invoiced by the portal and unpaid past its due date makes it past due, whatever Stripe says (decision 0063).
  const lapsed: SubscriptionState = withLapse({ ...observed, priceId })
  const state = existing ? await withOverdueRenewal(tx, existing.id, lapsed) : lapsed
  const fields = [state.priceId, state.quantity, state.status, state.currentPeriodEnd.toISOString(), state.cancelAtPeriodEnd, read.eventAt?.toISOString() ?? null, read.askedAt ?? null]
  const due = [state.paymentDueAt !== undefined, state.paymentDueAt?.toISOString() ?? null]
  const trialEnd = state.trialEnd?.toISOString() ?? null
  const sendsInvoices = state.sendsInvoices ?? null
  if (!existing) {
    const id = newId('sub')
    await tx.query(
      `insert into subscriptions (id, owner_oid, stripe_subscription_id, price_id, quantity, status, current_period_end, cancel_at_period_end, stripe_event_at, stripe_read_at, payment_due_at, trial_end, paid_until, sends_invoices)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${paidUntilSql('null', '$6', '$7')}, coalesce($13::boolean, false))`,
      [id, owner.oid, state.stripeSubscriptionId, ...fields, due[1], trialEnd, sendsInvoices],
    )
    await tx.query('update accounts set stripe_customer_id = coalesce(stripe_customer_id, $2) where oid = $1', [owner.oid, state.customerId])
    await writeFeedRule(tx, id, state.priceId)
    await followLivePlan(tx, owner.oid, state.priceId)
    const [ownSeat] = await tx.query(
      `select 1 from seats join subscriptions on subscriptions.id = seats.subscription_id where subscriptions.owner_oid = $1 and ${liveSql()} and lower(seats.assignee_email) = lower($2) limit 1`,
      [owner.oid, owner.email],
    )
    // Bought during a trial: the trial's seats, keys and holders, are this subscription's (decision 0047).
    const carried = state.status === 'trialing' ? 0 : await carryTrialSeats(tx, owner.oid, id, state.quantity)
    await addSeats(tx, id, state.quantity - carried, ownSeat ? null : owner)
    await recordSubscriptionChanges(tx, { owner, subscriptionId: id, before: null, after: state })
    return 'created'
  }
  await tx.query(
    `update subscriptions set price_id = $2, quantity = $3, status = $4, current_period_end = $5, cancel_at_period_end = $6, stripe_event_at = coalesce($7, stripe_event_at), stripe_read_at = coalesce($8, stripe_read_at),
            payment_due_at = case when $9::boolean then $10::timestamptz else payment_due_at end,
            trial_end = coalesce($11::timestamptz, trial_end),
            sends_invoices = coalesce($12::boolean, sends_invoices),
            paid_until = ${paidUntilSql('paid_until', '$4', '$5')}
      where id = $1`,
    [existing.id, ...fields, ...due, trialEnd, sendsInvoices],
  )
  if (existing.priceId !== state.priceId) await writeFeedRule(tx, existing.id, state.priceId)
  // The seats follow the quantity paid for, counted from the seats there are: only free seats go
  // (assigned ones are never taken from their holders), so a later increase adds only what is missing.
  const [{ seats, assigned } = { seats: 0, assigned: 0 }] = await tx.query<{ seats: number; assigned: number }>(
    'select count(*)::int as seats, count(assignee_email)::int as assigned from seats where subscription_id = $1',
    [existing.id],
  )
  // Fewer seats paid for than are assigned (a change made on Stripe's side): no holder loses a seat,
  // so the subscription stays over-assigned until the owner frees seats or buys more. Said here, and
  // by each reconciliation until then (overAssignedSubscriptions).
  if (state.quantity < assigned && !hasEnded(state.status))
    log.error({ subscriptionId: existing.id, stripeSubscriptionId: state.stripeSubscriptionId, quantity: state.quantity, assigned }, overAssignedMessage)
  // A trial's seats are made with it: once carried to a purchase (decision 0047), none come back.
  if (state.quantity > seats && existing.status !== 'trialing') await addSeats(tx, existing.id, state.quantity - seats, null)
  if (state.quantity < seats) {
    await tx.query('delete from seats where id in (select id from seats where subscription_id = $1 and assignee_email is null order by id desc limit $2)', [existing.id, seats - state.quantity])
  }
  await followLivePlan(tx, owner.oid, state.priceId)
  await recordSubscriptionChanges(tx, { owner, subscriptionId: existing.id, before: existing, after: state })
  return 'updated'
}

/**
 * SQL: the highest plan among an owner's live subscriptions (they differ only while an upgrade of
 * several subscriptions is part-way), null without one. Its parameters: the owner's oid and `planLadder`.
 */
export const highestLivePlan = (owner: string, ladder: string) =>
  `(select price_id from subscriptions where owner_oid = ${owner} and ${liveSql()} order by array_position(${ladder}::text[], price_id) desc limit 1)`

/**
 * The account's license type follows its live subscriptions: the highest plan among them. An event
 * about an ended subscription does not change it; with no live subscription the type stays, or is this one's.
 */
async function followLivePlan(tx: Queryable, ownerOid: string, priceId: PriceId) {
  await tx.query(`update accounts set allowed_price_id = coalesce(${highestLivePlan('$1', '$2')}, allowed_price_id, $3) where oid = $1`, [ownerOid, planLadder, priceId])
}

async function addSeats(tx: Queryable, subscriptionId: string, count: number, firstHolder: { email: string; first_name: string; last_name: string } | null) {
  for (let index = 0; index < count; index++) {
    const holder = index === 0 ? firstHolder : null
    await tx.query('insert into seats (id, subscription_id, license_key, assignee_first_name, assignee_last_name, assignee_email, assigned_at) values ($1, $2, $3, $4, $5, $6, $7)', [
      newId('seat'),
      subscriptionId,
      newLicenseKey(),
      holder?.first_name ?? null,
      holder?.last_name ?? null,
      holder?.email ?? null,
      holder ? new Date().toISOString() : null,
    ])
  }
}

/** The owner's live subscriptions with Stripe ids, oldest first, with their assigned seats. */
/** A live subscription of an owner, with how many of its seats are assigned. */
export interface LiveSubscription {
  id: string
  stripe_subscription_id: string
  price_id: PriceId
  quantity: number
  assigned: number
  current_period_end: Date
}

const liveSubscriptionsSql = (owner: string) =>
  `select subscriptions.id, subscriptions.stripe_subscription_id, subscriptions.price_id, subscriptions.quantity, subscriptions.current_period_end,
          (select count(*)::int from seats where seats.subscription_id = subscriptions.id and seats.assignee_email is not null) as assigned
     from subscriptions where owner_oid = ${owner} and ${liveSql()} order by created_at, id`

export async function liveSubscriptionsOf(db: Queryable, ownerOid: string): Promise<LiveSubscription[]> {
  return db.query<LiveSubscription>(liveSubscriptionsSql('$1'), [ownerOid])
}

/**
 * The account's row, its live subscriptions, and its oldest checkout still counting for another plan
 * than `plan` (the one-type rule), in one round trip (undefined when there is no such account).
 * `lock`: the account's row locked too (the owner's lock, owner-lock.ts), in the same statement.
 */
export async function accountWithLiveSubscriptions(
  db: Queryable,
  oid: string,
  plan: string,
  lock = false,
): Promise<{ account: AccountRow; subscriptions: LiveSubscription[]; otherPlanCheckout: PendingCheckout | null } | undefined> {
  const [row] = await db.query<
    AccountRow & { live: (Omit<LiveSubscription, 'current_period_end'> & { current_period_end: string })[]; other_plan_checkout: (Omit<PendingCheckout, 'expiresAt'> & { expiresAt: string }) | null }
  >(
    `select accounts.*, coalesce((select json_agg(live) from (${liveSubscriptionsSql('accounts.oid')}) live), '[]'::json) as live,
            ${checkoutOfAnotherPlanSql('accounts.oid', '$2')} as other_plan_checkout
       from accounts where oid = $1${lock ? ' for update of accounts' : ''}`,
    [oid, plan],
  )
  if (!row) return undefined
  const { live, other_plan_checkout: other, ...account } = row
  return {
    account,
    subscriptions: live.map((subscription) => ({ ...subscription, current_period_end: new Date(subscription.current_period_end) })),
    otherPlanCheckout: other && { ...other, expiresAt: new Date(other.expiresAt) },
  }
}

/** What the log says of a live subscription that pays for fewer seats than are assigned. */
export const overAssignedMessage = 'subscription pays for fewer seats than are assigned: the owner must free seats or buy more'

/** The live subscriptions that pay for fewer seats than are assigned, with both counts (the reconciliation flags them). */
export async function overAssignedSubscriptions(db: Queryable): Promise<{ stripeSubscriptionId: string; quantity: number; assigned: number }[]> {
  return db.query(
    `select * from (select subscriptions.stripe_subscription_id as "stripeSubscriptionId", subscriptions.quantity,
                           (select count(*)::int from seats where seats.subscription_id = subscriptions.id and seats.assignee_email is not null) as assigned
                      from subscriptions where stripe_subscription_id is not null and ${liveSql()}) live
      where live.assigned > live.quantity order by "stripeSubscriptionId"`,
  )
}

/** Whether the portal holds the subscription (its checkout is fulfilled). */
export async function holdsSubscription(db: Queryable, stripeSubscriptionId: string): Promise<boolean> {
  return (await db.query('select 1 from subscriptions where stripe_subscription_id = $1', [stripeSubscriptionId])).length > 0
}
