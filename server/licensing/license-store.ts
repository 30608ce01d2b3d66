import type { AssignedLicense, AssignRequest, License, Stats } from '../../common/contract'
import { findPlan, planLadder, type PriceId } from '../../common/plans'
import type { Database, Queryable } from '../db/database'
import { newLicenseKey } from './license-keys'
import { conflict, notFound } from './refusal'
import { lockSeat, recordSeatActivity } from './seat-activity'
import { assignableSql, liveSql, seatStatus, whyNotAssignable, type SubscriptionStatus } from './standing'
import { highestLivePlan } from './subscription-store'

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * SQL (the from-clause on): the live Commercial Plus seats held by the email in the given parameter,
 * lower-cased already. Discord, the package feed and their key are for these seats only.
 */
export const livePlusSeatsOf = (email: string) =>
  `seats join subscriptions on subscriptions.id = seats.subscription_id where lower(seats.assignee_email) = ${email} and seats.assignee_email is not null and subscriptions.price_id = 'commercial-plus' and ${liveSql()}`

interface HeldSeat {
  id: string
  price_id: PriceId
  owner_oid: string
  owner_email: string
  status: SubscriptionStatus
  live: boolean
  cancel_at_period_end: boolean
  current_period_end: Date
  license_key: string
  discord_connected: boolean | null
}

/**
 * The licenses the caller holds, whoever owns them (spec: License (own)), in one query: the live
 * ones first (the soonest to end first), then the ended ones, newest first, without their key. An
 * ended seat is left out when the holder has a newer or live seat of the same owner and plan (a
 * subscription bought again), so each owner's plan shows once.
 */
export async function licensesOf(db: Queryable, holder: { oid: string; email: string }): Promise<License[]> {
  const rows = await db.query<HeldSeat>(
    `select seats.id, subscriptions.price_id, subscriptions.owner_oid, owners.email as owner_email, subscriptions.status, ${liveSql()} as live,
            subscriptions.cancel_at_period_end, subscriptions.current_period_end, seats.license_key,
            (select discord_connected from accounts where oid = $2) as discord_connected
       from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
      where lower(seats.assignee_email) = lower($1) and seats.assignee_email is not null
      order by live desc, case when ${liveSql()} then subscriptions.current_period_end end, subscriptions.current_period_end desc, seats.id`,
    [holder.email, holder.oid],
  )
  const shown = new Set<string>()
  return rows.flatMap((row) => {
    const ownersPlan = `${row.owner_oid} ${row.price_id}`
    if (!row.live && shown.has(ownersPlan)) return []
    shown.add(ownersPlan)
    const status = seatStatus({ status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end })
    return [
      {
        id: row.id,
        subscription: findPlan(row.price_id)?.name ?? row.price_id,
        priceId: row.price_id,
        accountEmail: row.owner_email,
        expirationDate: iso(row.current_period_end),
        // An ended seat's key works nowhere: it is not shown either.
        licenseKey: status === 'expired' ? '' : row.license_key,
        discordConnected: row.discord_connected ?? false,
        status,
        ownedByCaller: row.owner_oid === holder.oid,
      },
    ]
  })
}

/** The assigned seats of the caller's own subscription. */
export async function assignedSeats(db: Queryable, ownerOid: string): Promise<AssignedLicense[]> {
  const rows = await db.query<{ id: string; assignee_first_name: string; assignee_last_name: string; assignee_email: string; current_period_end: Date }>(
    `select seats.id, seats.assignee_first_name, seats.assignee_last_name, seats.assignee_email, subscriptions.current_period_end
       from seats join subscriptions on subscriptions.id = seats.subscription_id
      where subscriptions.owner_oid = $1 and ${liveSql()} and seats.assignee_email is not null order by seats.assigned_at, seats.id`,
    [ownerOid],
  )
  return rows.map((row) => ({ id: row.id, firstName: row.assignee_first_name, lastName: row.assignee_last_name, email: row.assignee_email, expirationDate: iso(row.current_period_end) }))
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

/**
 * Gives a free seat of the owner's subscriptions in good standing to a developer. The owner's
 * account row is locked first, so two assignments of the last free seat cannot both succeed, on any instance.
 */
export async function assignSeat(db: Database, ownerOid: string, assignee: AssignRequest): Promise<AssignedLicense> {
  return db.transaction(async (tx) => {
    await tx.query('select 1 from accounts where oid = $1 for update', [ownerOid])
    refuseUnlessAssignable((await tx.query<{ status: SubscriptionStatus }>('select status from subscriptions where owner_oid = $1', [ownerOid])).map((row) => row.status))
    const live = `select id from subscriptions where owner_oid = $1 and ${liveSql()}`
    const [taken] = await tx.query(`select 1 from seats where subscription_id in (${live}) and lower(assignee_email) = lower($2)`, [ownerOid, assignee.email])
    if (taken) throw conflict(`${assignee.email} already holds a license of this subscription.`)
    const [seat] = await tx.query<{ id: string; current_period_end: Date }>(
      `select seats.id, subscriptions.current_period_end from seats join subscriptions on subscriptions.id = seats.subscription_id
        where subscriptions.owner_oid = $1 and ${assignableSql()} and seats.assignee_email is null order by subscriptions.current_period_end desc, seats.id limit 1`,
      [ownerOid],
    )
    if (!seat) throw conflict('No license is left to assign. Buy additional licenses first.')
    await tx.query('update seats set assignee_first_name = $2, assignee_last_name = $3, assignee_email = $4, assigned_at = now() where id = $1', [
      seat.id,
      assignee.firstName,
      assignee.lastName,
      assignee.email.toLowerCase(),
    ])
    await recordSeatActivity(tx, (await lockSeat(tx, seat.id))!, 'assign')
    return { id: seat.id, firstName: assignee.firstName, lastName: assignee.lastName, email: assignee.email.toLowerCase(), expirationDate: iso(seat.current_period_end) }
  })
}

/** 404 without a subscription; 409 in words when none is in good standing (all past due, or ended). */
function refuseUnlessAssignable(statuses: readonly SubscriptionStatus[]) {
  const why = whyNotAssignable(statuses)
  if (why === 'no-subscription') throw notFound('Your subscription')
  if (why === 'payment-due') throw conflict('Payment for your subscription is due. Update your card in Billing, then assign licenses.')
  if (why === 'ended') throw conflict('Your subscription has ended. Buy licenses again to assign them.')
}

/** Frees one of the owner's seats; its next holder gets a new license key. */
export async function unassignSeat(db: Database, ownerOid: string, seatId: string): Promise<void> {
  await db.transaction((tx) => freeSeat(tx, ownerOid, seatId))
}

async function freeSeat(db: Queryable, ownerOid: string, seatId: string): Promise<void> {
  // The holder the activity names, read (and locked) before the seat forgets them.
  const held = await lockSeat(db, seatId)
  const rows = await db.query(
    `update seats set assignee_first_name = null, assignee_last_name = null, assignee_email = null, assigned_at = null, license_key = $3
      where id = $1 and assignee_email is not null and subscription_id in (select id from subscriptions where owner_oid = $2) returning id`,
    [seatId, ownerOid, newLicenseKey()],
  )
  if (rows.length === 0 || !held) throw notFound('The license')
  await recordSeatActivity(db, held, 'unassign')
}

/** Whether the person holds a live Commercial Plus seat (Discord is for them). */
export async function holdsCommercialPlus(db: Queryable, email: string): Promise<boolean> {
  return (await db.query(`select 1 from ${livePlusSeatsOf('lower($1)')} limit 1`, [email])).length > 0
}

export const tooFewSeats = (assigned: number) => conflict(`${assigned} licenses are assigned: choose at least ${assigned} seats, or unassign some first.`)
