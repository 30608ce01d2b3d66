import type Stripe from 'stripe'
import { invoiceDaysToPay, poNumberLabel, type InvoiceOrder } from '@/common/billing-contract'
import type { PriceId } from '@/common/plans'
import type { SubscriptionState } from '../licensing/subscription'
import type { PriceCatalogue } from './stripe-settings'
import { itemOf, subscriptionState } from './subscription-state'

/** What an order's answer says of the invoice it was sent: its number, due date, total and PDF. */
export const orderedInvoice = (invoice: Stripe.Invoice): InvoiceOrder['invoice'] => ({
  number: invoice.number ?? '',
  dueDate: new Date((invoice.due_date ?? 0) * 1000).toISOString(),
  total: invoice.total,
  pdfUrl: invoice.invoice_pdf ?? null,
})

/** The PO number as the invoice's custom field; none clears the field (a PO given before is not this order's). */
const poField = (poNumber: string) => (poNumber ? [{ name: poNumberLabel, value: poNumber }] : [])

/**
 * The gateway's calls for buying by invoice (gateway.ts, issue 49): a subscription Stripe collects
 * by sending its invoice (`collection_method: send_invoice`, 30 days to pay), paid by bank transfer
 * to the customer's own virtual account (its balance's funding instructions), the PO number on the
 * invoice as a custom field.
 */
/** A sent invoice is paid by bank transfer to the customer's balance (its virtual account). */
export const bankTransferSettings = {
  payment_method_types: ['customer_balance'],
  payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'us_bank_transfer' } } },
} satisfies Stripe.SubscriptionCreateParams.PaymentSettings & Stripe.InvoiceCreateParams.PaymentSettings

export function createInvoiceOrderCalls(stripe: Stripe, prices: PriceCatalogue) {
  return {
    async createInvoiceSubscription(input: {
      customerId: string
      accountOid: string
      priceId: PriceId
      quantity: number
      poNumber: string
      idempotencyKey: string
    }): Promise<Omit<InvoiceOrder, 'account'>> {
      // The customer's bank-transfer details exist before the invoice that prints them.
      await stripe.customers.createFundingInstructions(
        input.customerId,
        { bank_transfer: { type: 'us_bank_transfer' }, currency: 'usd', funding_type: 'bank_transfer' },
        { idempotencyKey: `${input.idempotencyKey}:funding` },
      )
      const subscription = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: prices.stripePriceOf(input.priceId), quantity: input.quantity }],
          collection_method: 'send_invoice',
          days_until_due: invoiceDaysToPay,
          payment_settings: bankTransferSettings,
          ...(input.poNumber && { invoice_settings: { custom_fields: [{ name: poNumberLabel, value: input.poNumber }] } }),
          metadata: { accountOid: input.accountOid },
          expand: ['latest_invoice'],
        },
        { idempotencyKey: input.idempotencyKey },
      )
      return { subscriptionId: subscription.id, invoice: orderedInvoice(subscription.latest_invoice as Stripe.Invoice) }
    },

    /** The customer's live subscription of the plan that Stripe collects by sending invoices, if any: added seats are invoiced on it. */
    async invoicedSubscriptionOf(customerId: string, priceId: PriceId): Promise<{ subscriptionId: string; itemId: string; quantity: number } | null> {
      const { data } = await stripe.subscriptions.list({ customer: customerId, price: prices.stripePriceOf(priceId), limit: 100 })
      const invoiced = data.find((subscription) => subscription.collection_method === 'send_invoice' && ['active', 'past_due'].includes(subscription.status))
      return invoiced ? { subscriptionId: invoiced.id, itemId: itemOf(invoiced).id, quantity: itemOf(invoiced).quantity ?? 1 } : null
    },

    /**
     * Adds seats to a subscription collected by invoice: Stripe sends an invoice for the prorated
     * rest of the period at once (`always_invoice`), due in the subscription's days to pay, the
     * PO number of this order on it (and on the invoices after it).
     */
    async addInvoicedSeats(input: {
      subscriptionId: string
      itemId: string
      quantity: number
      poNumber: string
      idempotencyKey: string
    }): Promise<{ state: SubscriptionState | null; invoice: InvoiceOrder['invoice'] }> {
      const subscription = await stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: input.itemId, quantity: input.quantity }],
          proration_behavior: 'always_invoice',
          invoice_settings: { custom_fields: input.poNumber ? poField(input.poNumber) : '' },
          expand: ['latest_invoice'],
        },
        { idempotencyKey: input.idempotencyKey },
      )
      return { state: subscriptionState(subscription, prices), invoice: orderedInvoice(subscription.latest_invoice as Stripe.Invoice) }
    },
  }
}
