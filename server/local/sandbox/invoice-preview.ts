import type Stripe from 'stripe'
import { nowFor, periodLine } from './billing'
import type { Ctx } from './context'
import { addYear } from './objects/ids'
import { invoiceTax, invoiceTaxIds } from './customer-tax'
import { invoice as buildInvoice, type InvoiceLineInput } from './objects/invoices'
import { errors } from './protocol'
import { mustLoad } from './store'
import { prorationFor, type PendingProrations, type ProrationBehavior } from './subscriptions'

/** The invoice POST /v1/invoices/create_preview answers: what a change would charge (Stripe's preview, without an id). */
export async function previewInvoice(
  ctx: Ctx,
  input: { customer: string; subscription: string; itemId?: string; priceId?: string; quantity?: number; prorationBehavior: ProrationBehavior; prorationDate?: number },
): Promise<Stripe.Invoice> {
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', input.customer, { param: 'customer' })).data
  const row = await mustLoad<Stripe.Subscription>(ctx.q, 'subscription', input.subscription, { param: 'subscription' })
  const subscription = row.data
  if (subscription.customer !== customer.id) throw errors.invalid('subscription', `The subscription ${subscription.id} does not belong to the customer ${customer.id}.`)
  const now = await nowFor(ctx.q, customer)
  const proration = await prorationFor(ctx, subscription, customer, { ...input, prorationDate: input.prorationDate ?? now }, 'subscription_details[items][0]')
  const pending = (row.private as PendingProrations).pendingProrations ?? []
  // Automatic tax on the preview as on the invoice it foretells (customer-tax.ts).
  const taxIds = await invoiceTaxIds(ctx.q, customer.id)
  const taxOn = (lines: InvoiceLineInput[]) => (subscription.automatic_tax.enabled ? invoiceTax(customer, taxIds, lines) : null)
  if (input.prorationBehavior === 'always_invoice') {
    return buildInvoice({
      taxIds,
      tax: taxOn(proration.lines),
      id: null,
      customer,
      subscription,
      created: now,
      billingReason: 'subscription_update',
      lines: proration.lines,
      periodStart: proration.at,
      periodEnd: proration.at,
      number: null,
    })
  }
  // Otherwise the next renewal's invoice: the next period, with the pending (and these) prorations.
  const start = proration.item.current_period_end
  const lines = [...pending, ...(input.prorationBehavior === 'create_prorations' ? proration.lines : []), periodLine(proration.newPrice, proration.quantity, proration.item.id, start, addYear(start))]
  return buildInvoice({
    id: null,
    customer,
    subscription,
    created: now,
    billingReason: 'upcoming',
    lines,
    periodStart: proration.item.current_period_start,
    periodEnd: start,
    number: null,
    taxIds,
    tax: taxOn(lines),
  })
}
