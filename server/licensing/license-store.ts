import type { AssignedLicense, License, Stats } from '@/common/contract'
import { findPlan, planLadder, type PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import { heldBySql, holderParams, type Holder } from '../organisations/seat-holder'
import { conflict } from '../kernel/refusal'
import { liveSql, seatStatus, type SubscriptionStatus } from './standing'
import { highestLivePlan } from './subscription-store'
import { coverageOfRow, feedTermsColumns, type FeedTermsRow } from './feed-rules'
import type { Coverage } from './coverage'
import { openRenewalInvoiceSql, renewalInvoiceOf } from './renewal-invoices'

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * SQL (the from-clause on): the live Commercial Plus seats held by the email in the given parameter,
 * lower-cased already. Discord, the package feed and their key are for these seats only.
 */
export const livePlusSeatsOf = (email: string) =>
  `seats join subscriptions on subscriptions.id = seats.subscription_id where lower(seats.assignee_email) = ${email} and seats.assignee_email is not null and subscriptions.price_id = 'commercial-plus' and ${liveSql()}`

interface HeldSeat extends FeedTermsRow {
  id: string
  price_id: PriceId
  owner_oid: string
  owner_email: string
  status: SubscriptionStatus
  live: boolean
  cancel_at_period_end: boolean
  current_period_end: Date
  payment_due_at: Date | null
  renewal_invoice: Parameters<typeof renewalInvoiceOf>[0]
  trial_extended: boolean
  license_key: string
  discord_connected: boolean | null
}

/**
 * The licenses the caller holds, whoever owns them (spec: License (own)), in one query: the live
 * ones first (the soonest to end first), then the ended ones, newest first, without their key. An
 * ended seat is left out when the holder has a newer or live seat of the same owner and plan (a
 * subscription bought again), so each owner's plan shows once.
 */
export async function licensesOf(
  db: Queryable,
  holder: Holder,
  organisation: { oid: string | null; mayBill: boolean },
  /** The newest private version a coverage opens, from the feed's releases (server/feed/catalog.ts). */
  newestOf: (coverage: Coverage) => string | null = () => null,
): Promise<License[]> {
  const rows = await db.query<HeldSeat>(
    `select seats.id, subscriptions.price_id, subscriptions.owner_oid, owners.email as owner_email, subscriptions.status, ${liveSql()} as live,
            subscriptions.cancel_at_period_end, subscriptions.current_period_end, subscriptions.payment_due_at, ${openRenewalInvoiceSql('subscriptions')} as renewal_invoice, seats.license_key, ${feedTermsColumns},
            exists (select 1 from trials where trials.stripe_subscription_id = subscriptions.stripe_subscription_id and trials.extended_at is not null) as trial_extended,
            (select discord_connected from accounts where oid = $1) as discord_connected
       from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
       left join feed_rules on feed_rules.subscription_id = subscriptions.id
      where ${heldBySql('seats', '$1', '$2', '$3')}
      order by live desc, case when ${liveSql()} then subscriptions.current_period_end end, subscriptions.current_period_end desc, seats.id`,
    holderParams(holder),
  )
  const shown = new Set<string>()
  return rows.flatMap((row) => {
    const ownersPlan = `${row.owner_oid} ${row.price_id}`
    if (!row.live && shown.has(ownersPlan)) return []
    shown.add(ownersPlan)
    const status = seatStatus({ status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end, paymentDueAt: row.payment_due_at })
    const coverage = coverageOfRow(row)
    const opensPrivate = coverage.packages.length > 0
    return [
      {
        id: row.id,
        subscription: findPlan(row.price_id)?.name ?? row.price_id,
        priceId: row.price_id,
        accountEmail: row.owner_email,
        expirationDate: iso(row.current_period_end),
        // An ended seat's key still opens what the seat covered (docs/feed-coverage.md); one that opens nothing is not shown.
        licenseKey: status === 'expired' && !opensPrivate ? '' : row.license_key,
        discordConnected: row.discord_connected ?? false,
        status,
        ...(status === 'awaiting-payment' && { paymentDueDate: iso(row.payment_due_at!) }),
        ...(row.live && row.renewal_invoice && { renewalInvoice: renewalInvoiceOf(row.renewal_invoice) }),
        ...(status === 'trial' && { trialExtended: row.trial_extended }),
        // The caller's organisation owns it, and the caller may open its Billing or buy again.
        ownedByCaller: row.owner_oid === organisation.oid && organisation.mayBill,
        updatesUntil: opensPrivate && coverage.updatesUntil !== 'forever' ? coverage.updatesUntil.toISOString() : null,
        newestCovered: opensPrivate ? newestOf(coverage) : null,
      },
    ]
  })
}

/** An assigned seat of the owner's live subscriptions, with what the list and the CSV show of it. */
export interface AssignedSeatRow {
  id: string
  assignee_first_name: string
  assignee_last_name: string
  assignee_email: string
  price_id: PriceId
  status: SubscriptionStatus
  cancel_at_period_end: boolean
  current_period_end: Date
  assigned_at: Date | null
  last_feed_access_at: Date | null
  holder_oid: string | null
}

/** The assigned seats of the caller's own live subscriptions, in the order they were assigned (one query). */
export function readAssignedSeats(db: Queryable, ownerOid: string): Promise<AssignedSeatRow[]> {
  return db.query<AssignedSeatRow>(
    `select seats.id, seats.assignee_first_name, seats.assignee_last_name, seats.assignee_email, seats.assigned_at, seats.last_feed_access_at, seats.holder_oid,
            subscriptions.price_id, subscriptions.status, subscriptions.cancel_at_period_end, subscriptions.current_period_end
       from seats join subscriptions on subscriptions.id = seats.subscription_id
      where subscriptions.owner_oid = $1 and ${liveSql()} and seats.assignee_email is not null order by seats.assigned_at, seats.id`,
    [ownerOid],
  )
}

/** The assigned seats of the caller's own subscription. */
export async function assignedSeats(db: Queryable, ownerOid: string): Promise<AssignedLicense[]> {
  return (await readAssignedSeats(db, ownerOid)).map((row) => ({
    id: row.id,
    firstName: row.assignee_first_name,
    lastName: row.assignee_last_name,
    email: row.assignee_email,
    expirationDate: iso(row.current_period_end),
    lastFeedAccessAt: row.last_feed_access_at && iso(row.last_feed_access_at),
    pending: row.holder_oid === null,
  }))
}

/** The owner's seats over all their live subscriptions (an additional checkout may add a second one). */
export async function statsOf(db: Queryable, ownerOid: string): Promise<Stats> {
  const [row] = await db.query<{ price_id: PriceId | null; purchased: number; assigned: number }>(
    `select ${highestLivePlan('$1', '$2')} as price_id, count(seats.id)::int as purchased, count(seats.assignee_email)::int as assigned
       from subscriptions join seats on seats.subscription_id = subscriptions.id
      where subscriptions.owner_oid = $1 and ${liveSql()}`,
    [ownerOid, planLadder],
  )
  if (!row?.price_id) return { subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 }
  return { subscription: findPlan(row.price_id)?.name ?? row.price_id, priceId: row.price_id, purchased: row.purchased, assigned: row.assigned, available: row.purchased - row.assigned }
}

/** Whether the person holds a live Commercial Plus seat (Discord is for them). */
export async function holdsCommercialPlus(db: Queryable, holder: Holder): Promise<boolean> {
  const sql = `select 1 from seats join subscriptions on subscriptions.id = seats.subscription_id
    where ${heldBySql('seats', '$1', '$2', '$3')} and subscriptions.price_id = 'commercial-plus' and ${liveSql()} limit 1`
  return (await db.query(sql, holderParams(holder))).length > 0
}

export const tooFewSeats = (assigned: number) => conflict(`${assigned} licenses are assigned: choose at least ${assigned} seats, or unassign some first.`)
