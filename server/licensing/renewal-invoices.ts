import { renewalInvoicedDaysAhead, type Renewal } from '@/common/billing-contract'
import type { RenewalInvoice } from '@/common/contract'
import { formatLongDate } from '@/common/format'
import { findPlan, type PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import { contactsOf, contactsSql } from '../kernel/organisation-contacts'
import { conflict } from '../kernel/refusal'
import type { Person } from '../mail/compose'
import { renewalInvoiceMail } from '../mail/messages'
import { queueMail } from '../mail/outbox'
import { countedReductionJoin } from './renewal-seats-rule'
import { liveSql, type SubscriptionStatus } from './standing'

/**
 * A subscription paid by invoice is invoiced for its next period 30 days before it renews
 * (decision 0056): which are due for it, the invoice recorded once with its mail to the billing
 * contacts, what Stripe later says of it, and the open one as the licenses show it.
 */

/** A renewal to invoice: the subscription, and the plan and seats it renews with (a scheduled reduction counted). */
export interface RenewalToInvoice {
  id: string
  stripeSubscriptionId: string
  priceId: PriceId
  seats: number
  renewsAt: Date
}

/** The invoice of a renewal as Stripe made it. */
export interface IssuedRenewalInvoice {
  stripeInvoiceId: string
  number: string
  total: number
  dueDate: Date
  pdfUrl: string | null
}

const notInvoicedSql = `not exists (select 1 from renewal_invoices ri where ri.subscription_id = s.id and ri.renews_at = s.current_period_end)`

/** The live subscriptions paid by invoice, not set to cancel, that renew within 30 days of `now` and have no invoice for that renewal yet. */
export async function renewalsToInvoice(db: Queryable, now: Date): Promise<RenewalToInvoice[]> {
  const rows = await db.query<{ id: string; stripe_subscription_id: string; price_id: PriceId; seats: number; current_period_end: Date | string }>(
    `select s.id, s.stripe_subscription_id, s.price_id, coalesce(rc.seats, s.quantity) as seats, s.current_period_end
       from subscriptions s
       ${countedReductionJoin}
      where s.sends_invoices and ${liveSql('s')} and s.status <> 'trialing' and not s.cancel_at_period_end
        and s.current_period_end > $1 and s.current_period_end <= $1::timestamptz + make_interval(days => ${renewalInvoicedDaysAhead})
        and ${notInvoicedSql}
      order by s.current_period_end, s.id`,
    [now.toISOString()],
  )
  return rows.map((row) => ({ id: row.id, stripeSubscriptionId: row.stripe_subscription_id, priceId: row.price_id, seats: row.seats, renewsAt: new Date(row.current_period_end) }))
}

/** The renewal has its invoice recorded already (another instance made it). */
export async function renewalInvoiced(db: Queryable, renewal: RenewalToInvoice): Promise<boolean> {
  return (await db.query('select 1 from renewal_invoices where subscription_id = $1 and renews_at = $2', [renewal.id, renewal.renewsAt.toISOString()])).length > 0
}

/**
 * A renewal invoiced already keeps the seats and the auto-renewal its invoice was made for: a
 * change now would leave the invoice and its credit for another renewal than the one to come.
 */
export async function checkRenewalNotInvoiced(db: Queryable, renewal: Renewal): Promise<void> {
  const [invoice] = await db.query<{ number: string }>('select number from renewal_invoices where subscription_id = $1 and renews_at = $2', [renewal.subscriptionId, renewal.renewsOn])
  if (invoice)
    throw conflict(`The renewal on ${formatLongDate(renewal.renewsOn)} is invoiced already (${invoice.number}): its licenses and auto-renew stay as invoiced. To change them, contact support.`)
}

/** Records the renewal's invoice and queues its mail to the organisation's billing contacts, once; false when it was recorded already. */
export async function recordRenewalInvoice(tx: Queryable, renewal: RenewalToInvoice, invoice: IssuedRenewalInvoice, origin: string): Promise<boolean> {
  const inserted = await tx.query(
    `insert into renewal_invoices (subscription_id, renews_at, stripe_invoice_id, number, total, due_at, pdf_url) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict do nothing returning subscription_id`,
    [renewal.id, renewal.renewsAt.toISOString(), invoice.stripeInvoiceId, invoice.number, invoice.total, invoice.dueDate.toISOString(), invoice.pdfUrl],
  )
  if (inserted.length === 0) return false
  const [row] = await tx.query<{ contacts: Person[] | string }>(`select ${contactsSql('s.owner_oid', 'billing')} as contacts from subscriptions s where s.id = $1`, [renewal.id])
  const to = contactsOf(row?.contacts)
  const plan = findPlan(renewal.priceId)
  if (to.length && plan) {
    const mail = renewalInvoiceMail({
      origin,
      to,
      planName: plan.name,
      seats: renewal.seats,
      renewsOn: renewal.renewsAt,
      number: invoice.number,
      total: invoice.total,
      dueDate: invoice.dueDate,
      pdfUrl: invoice.pdfUrl,
    })
    await queueMail(tx, mail, { dedupeKey: `renewal-invoice:${renewal.id}:${Math.floor(renewal.renewsAt.getTime() / 1000)}` })
  }
  return true
}

/** Stripe says the invoice is paid: a renewal's is no longer awaited, overdue or not (a paid invoice stays paid, so a late word of it is still true). */
export async function markRenewalInvoicePaid(tx: Queryable, stripeInvoiceId: string): Promise<void> {
  await tx.query("update renewal_invoices set status = 'paid' where stripe_invoice_id = $1 and status in ('open', 'overdue')", [stripeInvoiceId])
}

/** A renewal's invoice unpaid past its due date, on a subscription still live. */
export interface OverdueRenewalInvoice {
  stripeSubscriptionId: string
  stripeInvoiceId: string
}

/** The renewal invoices still open at `now` though their due date has passed (decision 0063). */
export async function renewalInvoicesFallenDue(db: Queryable, now: Date): Promise<OverdueRenewalInvoice[]> {
  const rows = await db.query<{ stripe_subscription_id: string; stripe_invoice_id: string }>(
    `select s.stripe_subscription_id, ri.stripe_invoice_id
       from renewal_invoices ri join subscriptions s on s.id = ri.subscription_id
      where ri.status = 'open' and ri.due_at <= $1 and ${liveSql('s')}
      order by ri.due_at, ri.stripe_invoice_id`,
    [now.toISOString()],
  )
  return rows.map((row) => ({ stripeSubscriptionId: row.stripe_subscription_id, stripeInvoiceId: row.stripe_invoice_id }))
}

/** The renewal's invoice is unpaid past its due date: its subscription is past due from now on, until it is paid (markRenewalInvoicePaid). */
export async function markRenewalInvoiceOverdue(tx: Queryable, stripeInvoiceId: string): Promise<void> {
  await tx.query("update renewal_invoices set status = 'overdue' where stripe_invoice_id = $1 and status = 'open'", [stripeInvoiceId])
}

/**
 * The portal's own word on an invoice-paid renewal (decision 0063): a subscription with a renewal
 * invoice overdue is past due, whatever status Stripe gives it (Stripe may leave active a
 * subscription whose invoice made outside its cycle goes unpaid). Any other status is Stripe's.
 */
export async function withOverdueRenewal<State extends { status: SubscriptionStatus }>(tx: Queryable, subscriptionId: string, state: State): Promise<State> {
  if (state.status !== 'active') return state
  const [overdue] = await tx.query("select 1 from renewal_invoices where subscription_id = $1 and status = 'overdue' limit 1", [subscriptionId])
  return overdue ? { ...state, status: 'past_due' } : state
}

/** SQL: the open renewal invoice (overdue or not) of the subscriptions row under `alias`, as JSON (number, due_at), or null. */
export const openRenewalInvoiceSql = (alias: string) =>
  `(select json_build_object('number', ri.number, 'due_at', ri.due_at) from renewal_invoices ri where ri.subscription_id = ${alias}.id and ri.status in ('open', 'overdue') order by ri.renews_at desc limit 1)`

/** The answer's renewal invoice from an openRenewalInvoiceSql column (a driver may hand JSON over as text). */
export function renewalInvoiceOf(column: { number: string; due_at: string } | string | null): RenewalInvoice | null {
  if (column === null) return null
  const invoice = typeof column === 'string' ? (JSON.parse(column) as { number: string; due_at: string }) : column
  return { number: invoice.number, dueDate: new Date(invoice.due_at).toISOString() }
}
