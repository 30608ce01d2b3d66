import type Stripe from 'stripe'
import { invoiceDaysToPay, poNumberLabel, type InvoiceOrder } from '@/common/billing-contract'
import type { PriceId } from '@/common/plans'
import type { PriceCatalogue } from './stripe-settings'

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
      const invoice = subscription.latest_invoice as Stripe.Invoice
      return {
        subscriptionId: subscription.id,
        invoice: { number: invoice.number ?? '', dueDate: new Date((invoice.due_date ?? 0) * 1000).toISOString(), total: invoice.total, pdfUrl: invoice.invoice_pdf ?? null },
      }
    },
  }
}
