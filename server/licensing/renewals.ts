import type { Renewal } from '@/common/billing-contract'
import { formatLongDate } from '@/common/format'
import { findPlan, type PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import { conflict, notFound } from '../kernel/refusal'
import { openRenewalInvoiceSql, renewalInvoiceOf } from './renewal-invoices'
import { countedReductionJoin } from './renewal-seats-rule'
import { liveSql } from './standing'

/**
 * Each live subscription's next renewal: the seats it renews with (fewer when the owner scheduled
 * a reduction, kept in renewal_changes once Stripe accepted it) and what that will charge. A
 * scheduled reduction counts while the subscription still has the price, seats and period end it
 * was scheduled from: a renewal or an upgrade since makes it history.
 */

interface RenewalRow {
  id: string
  price_id: PriceId
  quantity: number
  current_period_end: Date | string
  cancel_at_period_end: boolean
  payment_due_at: Date | string | null
  assigned: number
  change_seats: number | null
  renewal_invoice: Parameters<typeof renewalInvoiceOf>[0]
}

/**
 * SQL: the owner's live subscriptions (owner in $1, one subscription's id in $2 when given) with their
 * assigned seats and the reduction that counts. A trial renews into nothing (decision 0047): not listed.
 */
export const renewalsSql = (oneSubscription: boolean) =>
  `select s.id, s.price_id, s.quantity, s.current_period_end, s.cancel_at_period_end, s.payment_due_at,
          (select count(*)::int from seats where seats.subscription_id = s.id and seats.assignee_email is not null) as assigned,
          rc.seats as change_seats, ${openRenewalInvoiceSql('s')} as renewal_invoice
     from subscriptions s
     ${countedReductionJoin}
    where s.owner_oid = $1 and ${liveSql('s')} and s.status <> 'trialing'${oneSubscription ? ' and s.id = $2' : ''}
    order by s.created_at, s.id`

const renewalOfRow = (row: RenewalRow): Renewal => {
  const renewalSeats = row.change_seats ?? row.quantity
  return {
    subscriptionId: row.id,
    priceId: row.price_id,
    // To the second, as Stripe keeps it (the demo seed's own dates carry milliseconds until Stripe's first event).
    renewsOn: new Date(Math.floor(new Date(row.current_period_end).getTime() / 1000) * 1000).toISOString(),
    seats: row.quantity,
    assigned: row.assigned,
    renewalSeats,
    autoRenew: !row.cancel_at_period_end,
    renewalAmount: (findPlan(row.price_id)?.price ?? 0) * renewalSeats,
    ...(row.payment_due_at && { paymentDueDate: new Date(row.payment_due_at).toISOString() }),
    ...(row.renewal_invoice && { renewalInvoice: renewalInvoiceOf(row.renewal_invoice) }),
  }
}

export async function renewalsOf(db: Queryable, ownerOid: string): Promise<Renewal[]> {
  return (await db.query<RenewalRow>(renewalsSql(false), [ownerOid])).map(renewalOfRow)
}

/** One live subscription's renewal; 404 when the owner has no such live subscription. */
export async function renewalOf(db: Queryable, ownerOid: string, subscriptionId: string): Promise<Renewal> {
  const [row] = await db.query<RenewalRow>(renewalsSql(true), [ownerOid, subscriptionId])
  if (!row) throw notFound('The subscription')
  return renewalOfRow(row)
}

/** The rules of a renewal's seats: auto-renew on, no more than now, never fewer than are assigned. */
export function checkRenewalSeats(renewal: Renewal, seats: number) {
  if (!renewal.autoRenew) throw conflict(`This subscription ends on ${formatLongDate(renewal.renewsOn)}: turn auto-renew on before choosing the seats it renews with.`)
  if (seats > renewal.seats) throw conflict(`The renewal keeps at most the ${renewal.seats} licenses the subscription has now. To add licenses, buy more.`)
  if (seats < renewal.assigned) throw conflict(`${renewal.assigned} licenses are assigned: keep at least ${renewal.assigned} for the renewal, or unassign licenses first.`)
}

/** Records what Stripe accepted: fewer seats from the renewal under the schedule, or none (the same seats as now). */
export async function recordRenewalSeats(tx: Queryable, renewal: Renewal, seats: number, scheduleId: string | null) {
  if (seats === renewal.seats || !scheduleId) {
    await tx.query('delete from renewal_changes where subscription_id = $1', [renewal.subscriptionId])
    return
  }
  await tx.query(
    `insert into renewal_changes (subscription_id, seats, from_price_id, from_quantity, takes_effect_at, stripe_schedule_id) values ($1, $2, $3, $4, $5, $6)
     on conflict (subscription_id) do update set seats = excluded.seats, from_price_id = excluded.from_price_id, from_quantity = excluded.from_quantity,
       takes_effect_at = excluded.takes_effect_at, stripe_schedule_id = excluded.stripe_schedule_id, created_at = now()`,
    [renewal.subscriptionId, seats, renewal.priceId, renewal.seats, renewal.renewsOn, scheduleId],
  )
}
