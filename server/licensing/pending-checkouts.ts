import type { Database, Queryable } from '../db/database'
import type { AccountRow } from './account-store'
import { notFound } from '../kernel/refusal'
import { lockOwner } from './owner-lock'
import { liveSql } from './standing'

/**
 * The checkouts the portal opened (migration 15), kept from the moment the order passes the rules
 * until the checkout expires or its subscription is the portal's. While a checkout may still be
 * paid, or was paid and its webhook is not handled yet, its seats and plan count as the account's
 * (checkout-rules.ts), so two checkouts side by side cannot both get past the rules.
 */
export interface PendingCheckout {
  /** The idempotency key Stripe made the session under. */
  id: string
  priceId: string
  quantity: number
  sessionId: string | null
  subscriptionId: string | null
  expiresAt: Date
  /** Still counted: not expired, and its subscription (if paid) not yet the portal's. */
  counts: boolean
  /** Expired, or its subscription the portal's: the same order again needs a new checkout. */
  finished: boolean
}

/** How long a checkout stays open: Stripe's shortest (30 minutes), and a margin for the clocks. */
export const checkoutLifetimeMs = 35 * 60_000

const heldSql = 'exists (select 1 from subscriptions where subscriptions.stripe_subscription_id = checkouts.stripe_subscription_id)'
/**
 * SQL: the checkouts row still counts towards the rules. A checkout Stripe has not said was paid
 * counts five minutes past its expiry (for the clocks), then no more: Stripe takes no payment after
 * it, so an expired one is closed here without asking Stripe (decision 0051). A paid one counts
 * until its subscription is the portal's.
 */
const countsSql = `(checkouts.closed_at is null and (checkouts.stripe_subscription_id is not null or checkouts.expires_at > now() - interval '5 minutes') and not ${heldSql})`
/** SQL: the same order again needs a new checkout: this one expired, was closed, or its subscription is the portal's. */
const finishedSql = `(checkouts.closed_at is not null or ${heldSql} or (checkouts.stripe_subscription_id is null and checkouts.expires_at <= now()))`

const purchasedSql = (owner: string) =>
  `(select count(seats.id)::int from subscriptions join seats on seats.subscription_id = subscriptions.id where subscriptions.owner_oid = ${owner} and ${liveSql()})`
const pendingSeatsSql = (owner: string) => `(select coalesce(sum(checkouts.quantity), 0)::int from checkouts where checkouts.owner_oid = ${owner} and ${countsSql})`

/** SQL: the seats an owner holds in live subscriptions and in checkouts that still count. Parameter: the owner's oid. */
export const seatsHeldSql = (owner: string) => `(${purchasedSql(owner)} + ${pendingSeatsSql(owner)})`

/** A checkout's outcome as Stripe tells it: expired ones stop counting; paid ones count until their subscription is the portal's. */
export async function recordOutcome(db: Queryable, id: string, outcome: { status: string | null; subscriptionId: string | null } | null) {
  if (!outcome || outcome.status === 'expired') await db.query('update checkouts set closed_at = now() where id = $1 and closed_at is null', [id])
  else if (outcome.status === 'complete' && outcome.subscriptionId) await db.query('update checkouts set stripe_subscription_id = $2 where id = $1', [id, outcome.subscriptionId])
}

/** What the rules weigh an order against, read under the owner's lock. */
export interface Holdings {
  /** The account's license type (accounts.allowed_price_id), as an upgrade that committed before the lock left it. */
  allowedPriceId: AccountRow['allowed_price_id']
  /** Seats in the owner's live subscriptions. */
  purchased: number
  /** The owner's live subscriptions, oldest first: [id, quantity]. */
  owned: [string, number][]
  /** The owner's checkouts that still count, and those of the last day (for the keys Stripe still replays). */
  checkouts: PendingCheckout[]
}

/**
 * Places an order, one at a time for an owner: under the owner's row lock, `decide` weighs it
 * against what the owner holds and names the checkout it goes into (its key), or throws a refusal;
 * a new key is stored as a checkout that counts from now on. Answers the checkout and whether it is new.
 */
export async function reserveCheckout(
  db: Database,
  owner: string,
  order: { priceId: string; quantity: number },
  decide: (holdings: Holdings) => { id: string; existing?: PendingCheckout },
): Promise<{ id: string; sessionId: string | null; expiresAt: Date; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner)
    const [holdings] = await tx.query<Holdings>(
      `select ${purchasedSql('$1')} as purchased, (select allowed_price_id from accounts where oid = $1) as "allowedPriceId",
         coalesce((select json_agg(json_build_array(subscriptions.id, subscriptions.quantity) order by subscriptions.created_at, subscriptions.id) from subscriptions where subscriptions.owner_oid = $1 and ${liveSql()}), '[]'::json) as owned,
         coalesce((select json_agg(json_build_object('id', checkouts.id, 'priceId', checkouts.price_id, 'quantity', checkouts.quantity, 'sessionId', checkouts.session_id,
             'subscriptionId', checkouts.stripe_subscription_id, 'expiresAt', checkouts.expires_at, 'counts', ${countsSql},
             'finished', ${finishedSql}) order by checkouts.created_at, checkouts.id)
           from checkouts where checkouts.owner_oid = $1 and (${countsSql} or checkouts.created_at > now() - interval '25 hours')), '[]'::json) as checkouts`,
      [owner],
    )
    const checkouts = holdings!.checkouts.map((checkout) => ({ ...checkout, expiresAt: new Date(checkout.expiresAt) }))
    const { id, existing } = decide({ ...holdings!, checkouts })
    // The same request to Stripe as the first time: the same key with other details is refused.
    if (existing) return { id, sessionId: existing.sessionId, expiresAt: existing.expiresAt, created: false }
    const expiresAt = new Date(Date.now() + checkoutLifetimeMs)
    await tx.query('insert into checkouts (id, owner_oid, price_id, quantity, expires_at) values ($1, $2, $3, $4, $5)', [id, owner, order.priceId, order.quantity, expiresAt.toISOString()])
    return { id, sessionId: null, expiresAt, created: true }
  })
}

/**
 * SQL: the owner's oldest checkout that still counts and is for another plan than `priceId` (the
 * one-type rule), as a PendingCheckout's JSON; null without one.
 */
export const checkoutOfAnotherPlanSql = (owner: string, priceId: string) =>
  `(select json_build_object('id', checkouts.id, 'priceId', checkouts.price_id, 'quantity', checkouts.quantity, 'sessionId', checkouts.session_id,
            'subscriptionId', checkouts.stripe_subscription_id, 'expiresAt', checkouts.expires_at, 'counts', true, 'finished', false) from checkouts
     where checkouts.owner_oid = ${owner} and checkouts.price_id <> ${priceId} and ${countsSql} order by checkouts.created_at, checkouts.id limit 1)`

/**
 * The owner's account row, and whether they are making a purchase a card can be set up for (card
 * testing, issue 48): a live subscription the upgrade wizard changes, or a checkout that still
 * counts. One round trip; 404 without the account.
 */
export async function accountMakingAPurchase(db: Queryable, owner: string): Promise<{ account: AccountRow; making: boolean }> {
  const [row] = await db.query<AccountRow & { making_a_purchase: boolean }>(
    `select accounts.*, exists (select 1 from subscriptions where owner_oid = $1 and ${liveSql()}) or exists (select 1 from checkouts where owner_oid = $1 and ${countsSql}) as making_a_purchase
       from accounts where oid = $1`,
    [owner],
  )
  if (!row) throw notFound('The account')
  const { making_a_purchase: making, ...account } = row
  return { account, making }
}

/** The session Stripe made for the checkout. */
export async function recordSession(db: Queryable, id: string, sessionId: string) {
  await db.query('update checkouts set session_id = $2 where id = $1', [id, sessionId])
}

/** Stripe made no session for a new checkout (it failed): it no longer counts. */
export async function dropCheckout(db: Queryable, id: string) {
  await db.query('delete from checkouts where id = $1 and session_id is null', [id])
}
