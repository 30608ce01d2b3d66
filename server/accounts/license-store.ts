import type { AssignedLicense, AssignRequest, License, Stats } from '../../src/api/contract'
import { findPlan, type PriceId } from '../../src/content/plans'
import type { Database, Queryable } from '../db/database'
import { newLicenseKey } from './license-keys'
import { isLive } from './subscription-store'
import { conflict, notFound } from './problems'
import { lockSeat, recordSeatActivity } from './seat-activity'

const iso = (value: Date | string) => new Date(value).toISOString()

/** The licenses the caller holds, whoever owns them (spec: License (own)), in one query. */
export async function licensesOf(db: Queryable, holder: { oid: string; email: string }): Promise<License[]> {
  const rows = await db.query<{ id: string; price_id: PriceId; owner_email: string; current_period_end: Date; license_key: string; discord_connected: boolean | null }>(
    `select seats.id, subscriptions.price_id, owners.email as owner_email, subscriptions.current_period_end, seats.license_key,
            (select discord_connected from accounts where oid = $2) as discord_connected
       from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
      where lower(seats.assignee_email) = lower($1) and ${isLive()} order by subscriptions.current_period_end, seats.id`,
    [holder.email, holder.oid],
  )
  return rows.map((row) => ({
    id: row.id,
    subscription: findPlan(row.price_id)?.name ?? row.price_id,
    priceId: row.price_id,
    accountEmail: row.owner_email,
    expirationDate: iso(row.current_period_end),
    licenseKey: row.license_key,
    discordConnected: row.discord_connected ?? false,
    status: 'active' as const,
    ownedByCaller: row.owner_email.toLowerCase() === holder.email.toLowerCase(),
  }))
}

/** The assigned seats of the caller's own subscription. */
export async function assignedSeats(db: Queryable, ownerOid: string): Promise<AssignedLicense[]> {
  const rows = await db.query<{ id: string; assignee_first_name: string; assignee_last_name: string; assignee_email: string; current_period_end: Date }>(
    `select seats.id, seats.assignee_first_name, seats.assignee_last_name, seats.assignee_email, subscriptions.current_period_end
       from seats join subscriptions on subscriptions.id = seats.subscription_id
      where subscriptions.owner_oid = $1 and ${isLive()} and seats.assignee_email is not null order by seats.assigned_at, seats.id`,
    [ownerOid],
  )
  return rows.map((row) => ({ id: row.id, firstName: row.assignee_first_name, lastName: row.assignee_last_name, email: row.assignee_email, expirationDate: iso(row.current_period_end) }))
}

/** The owner's seats over all their live subscriptions (an additional checkout may add a second one). */
export async function statsOf(db: Queryable, ownerOid: string): Promise<Stats> {
  const [row] = await db.query<{ price_id: PriceId | null; purchased: number; assigned: number }>(
    `select max(subscriptions.price_id) as price_id, count(seats.id)::int as purchased, count(seats.assignee_email)::int as assigned
       from subscriptions join seats on seats.subscription_id = subscriptions.id
      where subscriptions.owner_oid = $1 and ${isLive()}`,
    [ownerOid],
  )
  if (!row?.price_id) return { subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 }
  return { subscription: findPlan(row.price_id)?.name ?? row.price_id, priceId: row.price_id, purchased: row.purchased, assigned: row.assigned, available: row.purchased - row.assigned }
}

/**
 * Gives a free seat of the owner's live subscriptions to a developer. The owner's account row is
 * locked first, so two assignments of the last free seat cannot both succeed, on any instance.
 */
export async function assignSeat(db: Database, ownerOid: string, assignee: AssignRequest): Promise<AssignedLicense> {
  return db.transaction(async (tx) => {
    await tx.query('select 1 from accounts where oid = $1 for update', [ownerOid])
    const live = `select id from subscriptions where owner_oid = $1 and ${isLive()}`
    const [any] = await tx.query(live, [ownerOid])
    if (!any) throw notFound('Your subscription')
    const [taken] = await tx.query(`select 1 from seats where subscription_id in (${live}) and lower(assignee_email) = lower($2)`, [ownerOid, assignee.email])
    if (taken) throw conflict(`${assignee.email} already holds a license of this subscription.`)
    const [seat] = await tx.query<{ id: string; current_period_end: Date }>(
      `select seats.id, subscriptions.current_period_end from seats join subscriptions on subscriptions.id = seats.subscription_id
        where subscriptions.id in (${live}) and seats.assignee_email is null order by subscriptions.current_period_end desc, seats.id limit 1`,
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

/** Whether the person holds a Commercial Plus seat (Discord is for them). */
export async function holdsCommercialPlus(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from seats join subscriptions on subscriptions.id = seats.subscription_id where lower(seats.assignee_email) = lower($1) and subscriptions.price_id = 'commercial-plus' and ${isLive()} limit 1`,
    [email],
  )
  return rows.length > 0
}

/** Refuses a seat count below the seats already assigned (409), before anything is charged. */
export async function checkSeatCount(db: Queryable, ownerOid: string, quantity: number): Promise<void> {
  const [row] = await db.query<{ assigned: number }>(
    `select count(seats.assignee_email)::int as assigned from seats join subscriptions on subscriptions.id = seats.subscription_id where subscriptions.owner_oid = $1 and ${isLive()}`,
    [ownerOid],
  )
  const assigned = row?.assigned ?? 0
  if (quantity < assigned) throw tooFewSeats(assigned)
}

export const tooFewSeats = (assigned: number) => conflict(`${assigned} licenses are assigned: choose at least ${assigned} seats, or unassign some first.`)
