import type { AssignedLicense, AssignRequest, License, Stats } from '../../src/api/contract'
import { findPlan, type PriceId } from '../../src/content/plans'
import type { Queryable, Database } from '../db/database'
import { newId, newLicenseKey } from './license-keys'
import { conflict, notFound } from './problems'

const iso = (value: Date | string) => new Date(value).toISOString()

/** The licenses the caller holds, whoever owns them (spec: License (own)), in one query. */
export async function licensesOf(db: Queryable, holder: { oid: string; email: string }): Promise<License[]> {
  const rows = await db.query<{ id: string; price_id: PriceId; owner_email: string; current_period_end: Date; license_key: string; discord_connected: boolean | null }>(
    `select seats.id, subscriptions.price_id, owners.email as owner_email, subscriptions.current_period_end, seats.license_key,
            (select discord_connected from accounts where oid = $2) as discord_connected
       from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
      where lower(seats.assignee_email) = lower($1) order by subscriptions.current_period_end, seats.id`,
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
  }))
}

/** The assigned seats of the caller's own subscription. */
export async function assignedSeats(db: Queryable, ownerOid: string): Promise<AssignedLicense[]> {
  const rows = await db.query<{ id: string; assignee_first_name: string; assignee_last_name: string; assignee_email: string; current_period_end: Date }>(
    `select seats.id, seats.assignee_first_name, seats.assignee_last_name, seats.assignee_email, subscriptions.current_period_end
       from seats join subscriptions on subscriptions.id = seats.subscription_id
      where subscriptions.owner_oid = $1 and seats.assignee_email is not null order by seats.assigned_at, seats.id`,
    [ownerOid],
  )
  return rows.map((row) => ({ id: row.id, firstName: row.assignee_first_name, lastName: row.assignee_last_name, email: row.assignee_email, expirationDate: iso(row.current_period_end) }))
}

export async function statsOf(db: Queryable, ownerOid: string): Promise<Stats> {
  const [row] = await db.query<{ price_id: PriceId; quantity: number; assigned: number }>(
    `select subscriptions.price_id, subscriptions.quantity, count(seats.assignee_email)::int as assigned
       from subscriptions left join seats on seats.subscription_id = subscriptions.id
      where subscriptions.owner_oid = $1 group by subscriptions.id`,
    [ownerOid],
  )
  if (!row) return { subscription: null, priceId: null, purchased: 0, assigned: 0, available: 0 }
  return { subscription: findPlan(row.price_id)?.name ?? row.price_id, priceId: row.price_id, purchased: row.quantity, assigned: row.assigned, available: row.quantity - row.assigned }
}

/**
 * Gives a free seat of the owner's subscription to a developer. The subscription row is locked
 * first, so two assignments of the last free seat cannot both succeed.
 */
export async function assignSeat(db: Database, ownerOid: string, assignee: AssignRequest): Promise<AssignedLicense> {
  return db.transaction(async (tx) => {
    const [subscription] = await tx.query<{ id: string; current_period_end: Date }>('select id, current_period_end from subscriptions where owner_oid = $1 for update', [ownerOid])
    if (!subscription) throw notFound('Your subscription')
    const [taken] = await tx.query('select 1 from seats where subscription_id = $1 and lower(assignee_email) = lower($2)', [subscription.id, assignee.email])
    if (taken) throw conflict(`${assignee.email} already holds a license of this subscription.`)
    const [seat] = await tx.query<{ id: string }>('select id from seats where subscription_id = $1 and assignee_email is null order by id limit 1', [subscription.id])
    if (!seat) throw conflict('No license is left to assign. Buy additional licenses first.')
    await tx.query('update seats set assignee_first_name = $2, assignee_last_name = $3, assignee_email = $4, assigned_at = now() where id = $1', [
      seat.id,
      assignee.firstName,
      assignee.lastName,
      assignee.email.toLowerCase(),
    ])
    return { id: seat.id, firstName: assignee.firstName, lastName: assignee.lastName, email: assignee.email.toLowerCase(), expirationDate: iso(subscription.current_period_end) }
  })
}

/** Frees one of the owner's seats; its next holder gets a new license key. */
export async function unassignSeat(db: Queryable, ownerOid: string, seatId: string): Promise<void> {
  const rows = await db.query(
    `update seats set assignee_first_name = null, assignee_last_name = null, assignee_email = null, assigned_at = null, license_key = $3
      where id = $1 and assignee_email is not null and subscription_id in (select id from subscriptions where owner_oid = $2) returning id`,
    [seatId, ownerOid, newLicenseKey()],
  )
  if (rows.length === 0) throw notFound('The license')
}

/** Whether the person holds a Commercial Plus seat (Discord is for them). */
export async function holdsCommercialPlus(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query(
    "select 1 from seats join subscriptions on subscriptions.id = seats.subscription_id where lower(seats.assignee_email) = lower($1) and subscriptions.price_id = 'commercial-plus' limit 1",
    [email],
  )
  return rows.length > 0
}

/**
 * A completed purchase: a new subscription whose first seat is the buyer's, or more seats of
 * the same plan. Applied once per checkout session.
 */
export async function fulfillPurchase(
  db: Database,
  purchase: { sessionId: string; ownerOid: string; priceId: PriceId; quantity: number; subscriptionId: string; currentPeriodEnd: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const fresh = await tx.query('insert into fulfilled_checkouts (session_id) values ($1) on conflict do nothing returning session_id', [purchase.sessionId])
    if (fresh.length === 0) return
    const [owner] = await tx.query<{ email: string; first_name: string; last_name: string }>('select email, first_name, last_name from accounts where oid = $1 for update', [purchase.ownerOid])
    if (!owner) throw notFound('The account')
    const [existing] = await tx.query<{ id: string }>('select id from subscriptions where owner_oid = $1 for update', [purchase.ownerOid])
    const subscriptionId = existing?.id ?? newId('sub')
    if (existing) {
      await tx.query('update subscriptions set quantity = quantity + $2 where id = $1', [existing.id, purchase.quantity])
    } else {
      await tx.query('insert into subscriptions (id, owner_oid, price_id, quantity, stripe_subscription_id, current_period_end) values ($1, $2, $3, $4, $5, $6)', [
        subscriptionId,
        purchase.ownerOid,
        purchase.priceId,
        purchase.quantity,
        purchase.subscriptionId,
        purchase.currentPeriodEnd,
      ])
      await tx.query('update accounts set allowed_price_id = $2 where oid = $1', [purchase.ownerOid, purchase.priceId])
    }
    for (let index = 0; index < purchase.quantity; index++) {
      const ownSeat = !existing && index === 0
      await tx.query('insert into seats (id, subscription_id, license_key, assignee_first_name, assignee_last_name, assignee_email, assigned_at) values ($1, $2, $3, $4, $5, $6, $7)', [
        newId('seat'),
        subscriptionId,
        newLicenseKey(),
        ownSeat ? owner.first_name : null,
        ownSeat ? owner.last_name : null,
        ownSeat ? owner.email : null,
        ownSeat ? new Date().toISOString() : null,
      ])
    }
  })
}

/** Moves the owner's subscription to another plan and seat count (the upgrade). */
/** Refuses a seat count below the seats already assigned (409), before anything is charged. */
export async function checkSeatCount(db: Database, ownerOid: string, quantity: number): Promise<void> {
  const [row] = await db.query<{ assigned: number }>('select count(seats.assignee_email)::int as assigned from seats join subscriptions on subscriptions.id = seats.subscription_id where subscriptions.owner_oid = $1', [ownerOid])
  const assigned = row?.assigned ?? 0
  if (quantity < assigned) throw tooFewSeats(assigned)
}

const tooFewSeats = (assigned: number) => conflict(`${assigned} licenses are assigned: choose at least ${assigned} seats, or unassign some first.`)

export async function changePlan(db: Database, ownerOid: string, priceId: PriceId, quantity: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [subscription] = await tx.query<{ id: string; quantity: number }>('select id, quantity from subscriptions where owner_oid = $1 for update', [ownerOid])
    if (!subscription) throw notFound('Your subscription')
    const [{ assigned }] = (await tx.query<{ assigned: number }>('select count(assignee_email)::int as assigned from seats where subscription_id = $1', [subscription.id])) as [{ assigned: number }]
    if (quantity < assigned) throw tooFewSeats(assigned)
    const free = await tx.query<{ id: string }>('select id from seats where subscription_id = $1 and assignee_email is null order by id', [subscription.id])
    if (quantity < subscription.quantity) {
      const toRemove = free.slice(0, subscription.quantity - quantity).map((seat) => seat.id)
      await tx.query('delete from seats where id = any($1)', [toRemove])
    }
    for (let index = subscription.quantity; index < quantity; index++) {
      await tx.query('insert into seats (id, subscription_id, license_key) values ($1, $2, $3)', [newId('seat'), subscription.id, newLicenseKey()])
    }
    await tx.query('update subscriptions set price_id = $2, quantity = $3 where id = $1', [subscription.id, priceId, quantity])
    await tx.query('update accounts set allowed_price_id = $2 where oid = $1', [ownerOid, priceId])
  })
}
