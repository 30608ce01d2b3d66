import type Stripe from 'stripe'
import { invoiceDaysToPay, renewalInvoicedDaysAhead } from '@/common/billing-contract'
import { formatLongDate } from '@/common/format'
import { findPlan } from '@/common/plans'
import type { IssuedRenewalInvoice, RenewalToInvoice } from '../licensing/renewal-invoices'
import { bankTransferSettings } from './invoice-orders'
import { idOf } from './stripe-errors'
import type { PriceCatalogue } from './stripe-settings'
import { itemOf } from './subscription-state'

/**
 * The gateway's call that invoices a renewal ahead (decision 0056): Stripe renews a subscription
 * and invoices it at the period's end, so the next period's invoice is made by hand 30 days before
 * (for the subscription, its seats and PO, due 30 days after the renewal), and the customer's
 * balance is credited with its total, which the renewal's own invoice then takes up: one invoice
 * for the year, never two.
 *
 * Every write has a key naming the subscription and the renewal, and each step first looks for
 * what an earlier run did (the invoice by its metadata, the credit by the invoice it names), so a
 * run cut short, or made again after Stripe forgot its keys (24 hours), finishes the same work.
 */

const unix = (date: Date) => Math.floor(date.getTime() / 1000)

/** One year on, as Stripe's yearly interval moves a period's end. */
function yearAfter(date: Date): Date {
  const next = new Date(date)
  next.setUTCFullYear(date.getUTCFullYear() + 1)
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0)
  return next
}

/** Stripe's subscription still renews at that date, by sending its invoices, and is not set to cancel. */
const stillRenews = (subscription: Stripe.Subscription, renewsAt: number) =>
  subscription.collection_method === 'send_invoice' &&
  !subscription.cancel_at_period_end &&
  ['active', 'past_due'].includes(subscription.status) &&
  itemOf(subscription).current_period_end === renewsAt

export function createRenewalInvoiceCalls(stripe: Stripe, prices: PriceCatalogue) {
  return {
    /** The renewal's invoice, made and credited (or found made); null when Stripe's subscription no longer renews then by invoice. */
    async invoiceRenewalAhead(renewal: RenewalToInvoice): Promise<IssuedRenewalInvoice | null> {
      const subscription = await stripe.subscriptions.retrieve(renewal.stripeSubscriptionId)
      const renewsAt = unix(renewal.renewsAt)
      if (!stillRenews(subscription, renewsAt)) return null
      const customer = idOf(subscription.customer)!
      const key = `renewal-invoice:${subscription.id}:${renewsAt}`
      const marker = { renewalOf: subscription.id, renewsAt: String(renewsAt) }
      const made = (await stripe.invoices.list({ customer, subscription: subscription.id, limit: 100 })).data.find(
        (invoice) => invoice.metadata?.renewalOf === marker.renewalOf && invoice.metadata?.renewsAt === marker.renewsAt && invoice.status !== 'void',
      )
      let invoice =
        made ??
        (await stripe.invoices.create(
          {
            customer,
            subscription: subscription.id,
            collection_method: 'send_invoice',
            days_until_due: renewalInvoicedDaysAhead + invoiceDaysToPay,
            // The PO the order gave (the subscription's custom fields) is this invoice's too.
            custom_fields: subscription.invoice_settings.custom_fields ?? [],
            payment_settings: bankTransferSettings,
            pending_invoice_items_behavior: 'exclude',
            auto_advance: false,
            metadata: marker,
          },
          { idempotencyKey: `${key}:invoice` },
        ))
      if (invoice.status === 'draft') {
        if (invoice.lines.data.length === 0) {
          const until = yearAfter(renewal.renewsAt)
          const plan = findPlan(renewal.priceId)?.name ?? renewal.priceId
          await stripe.invoiceItems.create(
            {
              customer,
              invoice: invoice.id,
              pricing: { price: prices.stripePriceOf(renewal.priceId) },
              quantity: renewal.seats,
              period: { start: renewsAt, end: unix(until) },
              description: `${renewal.seats} × ${plan}, ${formatLongDate(renewal.renewsAt)} to ${formatLongDate(until)}`,
            },
            { idempotencyKey: `${key}:line` },
          )
        }
        invoice = await stripe.invoices.finalizeInvoice(invoice.id!, {}, { idempotencyKey: `${key}:finalize` })
      }
      const credits = await stripe.customers.listBalanceTransactions(customer, { limit: 100 })
      if (!credits.data.some((credit) => credit.metadata?.renewalInvoice === invoice.id))
        await stripe.customers.createBalanceTransaction(
          customer,
          {
            amount: -invoice.total,
            currency: invoice.currency,
            description: `Renewal on ${formatLongDate(renewal.renewsAt)}, invoiced ahead as ${invoice.number}`,
            metadata: { renewalInvoice: invoice.id! },
          },
          { idempotencyKey: `${key}:credit` },
        )
      return { stripeInvoiceId: invoice.id!, number: invoice.number ?? '', total: invoice.total, dueDate: new Date((invoice.due_date ?? 0) * 1000), pdfUrl: invoice.invoice_pdf ?? null }
    },
  }
}
