import type { AssignedLicense, AssignRequest } from '@/common/contract'
import type { PriceId } from '@/common/plans'
import type { Database, Queryable } from '../db/database'
import { newId } from '../db/ids'
import { accountJsonSql, actorNameSql, actorOf, callerActor, jsWhitespace, type AccountRow, type Acting } from '../kernel/activity/actor'
import { actedColumns, insertActivitySql } from '../kernel/activity/activity-table'
import { newLicenseKey } from './license-keys'
import { conflict, notFound } from '../kernel/refusal'
import type { ActingRow, RoleCheck } from '../kernel/role-check'
import { noSeatLeft, renewalKeepsAssignedSql } from './renewal-seats-rule'
import { recordSeatActivity } from './seat-activity'
import { assignableSql, liveSql, whyNotAssignable, type SubscriptionStatus } from './standing'

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * After the owner's lock, in one statement: the owner's subscription statuses, whether the email
 * holds a seat of a live one already, and the free seat to give (of a subscription in good
 * standing, the one ending last), given at once when there is one and the email holds none. Given
 * only then, so the refusals the caller draws from the same answer never follow a change. A seat's
 * last use on the feed was its previous holder's: its new holder starts with none.
 */
const takeFreeSeatSql = `with owned as (select id, status, price_id, quantity, current_period_end from subscriptions where owner_oid = $1),
  taken as (select 1 from seats where subscription_id in (select id from owned where ${liveSql('owned')}) and lower(assignee_email) = lower($2)),
  free as (
    select seats.id, owned.id as subscription_id, owned.status, owned.price_id, owned.quantity, owned.current_period_end
      from seats join owned on owned.id = seats.subscription_id
     where ${assignableSql('owned')} and seats.assignee_email is null and not exists (select 1 from taken) and not ${renewalKeepsAssignedSql('owned')}
     order by owned.current_period_end desc, seats.id limit 1),
  given as (update seats set assignee_first_name = $3, assignee_last_name = $4, assignee_email = $5, assigned_at = now(), last_feed_access_at = null, holder_oid = null from free where seats.id = free.id)
select (select coalesce(json_agg(status), '[]') from owned) as statuses, exists (select 1 from taken) as taken, free.*
  from (select 1) answer left join free on true`

interface TakenSeat {
  statuses: SubscriptionStatus[]
  taken: boolean
  id: string | null
  subscription_id: string
  status: SubscriptionStatus
  price_id: PriceId
  quantity: number
  current_period_end: Date
}

/**
 * Gives a free seat of the owner's subscriptions in good standing to a developer. The owner's
 * account row is locked first, in a statement of its own, so two assignments of the last free seat
 * (or of the same email) cannot both succeed, on any instance: the next statement's snapshot
 * comes after the lock, so it sees the assignment that held it. The two are sent together all the
 * same: the database runs a connection's statements in order, whenever they arrive.
 */
export async function assignSeat(db: Database, ownerOid: string, assignee: AssignRequest, by: Acting, check: RoleCheck): Promise<AssignedLicense> {
  const email = assignee.email.toLowerCase()
  return db.transaction(async (tx) => {
    // Sent together, answered in one round trip: PostgreSQL runs the second after the lock is held.
    // The lock's statement reads the acting person's role again (their membership locked too): a
    // refusal rolls the seat given back before anything is answered (decision 0050).
    const [[locked], [seat]] = await Promise.all([
      tx.query<AccountRow & ActingRow & { actor: AccountRow | null }>(
        `with ${check.acting(3)} select owner.*, ${accountJsonSql('$2')} as actor, acting.* from acting left join (select oid, email, first_name, last_name from accounts where oid = $1 for update) owner on true`,
        [ownerOid, by.oid, ...check.params],
      ),
      tx.query<TakenSeat>(takeFreeSeatSql, [ownerOid, assignee.email, assignee.firstName, assignee.lastName, email]),
    ])
    check.settle(locked)
    const owner = locked!
    refuseUnlessAssignable(seat!.statuses)
    if (seat!.taken) throw conflict(`${assignee.email} already holds a license of this subscription.`)
    if (!seat!.id) throw await noSeatLeft(tx, ownerOid)
    if (!owner.oid) throw new Error(`Seat ${seat!.id} was given by ${ownerOid}, who has no account`)
    const onRecord = { id: seat!.id, subscriptionId: seat!.subscription_id, priceId: seat!.price_id, status: seat!.status, owner: actorOf(owner), holderEmail: email, holderOid: null }
    await recordSeatActivity(tx, onRecord, 'assign', { actor: callerActor(owner.actor, by), actorRole: by.role, factRows: { owner, subscription: seat! } })
    return { id: seat!.id, firstName: assignee.firstName, lastName: assignee.lastName, email, expirationDate: iso(seat!.current_period_end), lastFeedAccessAt: null, pending: true }
  })
}

/** 404 without a subscription; 409 in words when none is in good standing (all past due, or ended). */
function refuseUnlessAssignable(statuses: readonly SubscriptionStatus[]) {
  const why = whyNotAssignable(statuses)
  if (why === 'no-subscription') throw notFound('Your subscription')
  if (why === 'payment-due') throw conflict('Payment for your subscription is due. Update your card in Billing, then assign licenses.')
  if (why === 'ended') throw conflict('Your subscription has ended. Buy licenses again to assign them.')
}

/**
 * One statement, atomic on its own: the acting person's role read again (`acting`), the seat locked
 * with its holder and owner (the activity names them, read before the seat forgets its holder),
 * freed with a new key for its next holder when it is assigned, the owner's and the role permits it,
 * and its activity recorded only if it was freed.
 */
const freeSeatSql = (check: RoleCheck) => `with ${check.acting(8)},
  held as (
    select seats.id, seats.subscription_id, seats.assignee_email, subscriptions.price_id, owners.oid, owners.email, ${actorNameSql('owners', '$5')} as actor_name
      from seats join subscriptions on subscriptions.id = seats.subscription_id join accounts owners on owners.oid = subscriptions.owner_oid
     where seats.id = $1 for update of seats),
  freed as (
    update seats set assignee_first_name = null, assignee_last_name = null, assignee_email = null, assigned_at = null, holder_oid = null, license_key = $3
     where id = (select id from held) and assignee_email is not null and subscription_id in (select id from subscriptions where owner_oid = $2) and ${check.allows} returning id),
  recorded as (
    ${insertActivitySql(
      actedColumns,
      `select $4, held.oid, 'unassign', coalesce(actors.oid, held.oid), coalesce(${actorNameSql('actors', '$5')}, held.actor_name), coalesce(actors.email, held.email),
           held.price_id, held.assignee_email, null, held.subscription_id, null, $7
      from held join freed on freed.id = held.id left join accounts actors on actors.oid = $6`,
    )})
select (select id from freed) as id, acting.* from acting`

/** Frees one of the owner's seats, when the acting person's role still permits it; its next holder gets a new license key. */
export async function unassignSeat(db: Queryable, ownerOid: string, seatId: string, by: Acting, check: RoleCheck): Promise<void> {
  const [freed] = await db.query<ActingRow & { id: string | null }>(freeSeatSql(check), [seatId, ownerOid, newLicenseKey(), newId('act'), jsWhitespace, by.oid, by.role, ...check.params])
  check.settle(freed)
  if (!freed!.id) throw notFound('The license')
}
