import type Stripe from 'stripe'
import { chargeDecline } from './cards'
import type { Ctx } from './context'
import { paymentMethod as buildPaymentMethod, type CardDetails } from './objects/customers'
import { nowFor } from './billing'
import { insert, mustLoad, recordEvent, save } from './store'
import { startSubscription } from './subscriptions'
import { billingFormOf, checkBilling, quote, saveBilling, type BillingForm } from './checkout-tax'

/** Paying a hosted checkout: the payment method, the subscription, its paid invoice, the session completed. */

export interface CheckoutCard {
  number: string
  details: CardDetails
  name: string | null
}

export type CheckoutOutcome =
  | { outcome: 'paid' | 'already-complete' | 'expired'; session: Stripe.Checkout.Session }
  | { outcome: 'declined'; session: Stripe.Checkout.Session; message: string }
  | { outcome: 'invalid'; session: Stripe.Checkout.Session; field: 'country' | 'tax_id'; message: string }

/** Whether the session asks for the billing address and tax ID (automatic tax or tax ID collection). */
export const collectsBilling = (session: Stripe.Checkout.Session) => session.automatic_tax.enabled || session.tax_id_collection?.enabled === true

export async function payCheckout(ctx: Ctx, sessionId: string, card: CheckoutCard | null, billing: BillingForm | null = null): Promise<CheckoutOutcome> {
  // The row lock makes a second payment of the same session (another tab, another server) wait, then see it complete.
  const row = await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', sessionId, { lock: true })
  const session = row.data
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(session.customer))).data
  if (await expireIfDue(ctx, session, customer)) return { outcome: 'expired', session }
  if (session.status !== 'open') return { outcome: 'already-complete', session }
  const priceId = String(row.private.priceId)
  const quantity = Number(row.private.quantity)
  const collecting = collectsBilling(session)
  // A free order needs no address (there is no tax to compute); a typed one is still checked.
  const free = (session.amount_subtotal ?? 0) === 0 && !billing?.country && !billing?.taxId
  const checked = collecting && !free ? checkBilling(billing ?? billingFormOf({})) : null
  if (checked && !checked.ok) return { outcome: 'invalid', session, field: checked.field, message: checked.message }
  // What the customer pays: the subtotal and the tax the page showed (the invoice computes the same).
  const tax = session.automatic_tax.enabled && billing ? quote(session.amount_subtotal ?? 0, billing) : null
  const amount = (session.amount_subtotal ?? 0) + (tax?.amount ?? 0)
  let paymentMethod: string | null = null
  // Stripe's 'if_required' keeps no payment method for a free order.
  if (amount > 0 || session.payment_method_collection === 'always') {
    if (!card) return { outcome: 'declined', session, message: 'Your card number is incomplete.' }
    const decline = amount > 0 ? chargeDecline(card.number) : null
    if (decline) return { outcome: 'declined', session, message: decline.message }
    if (amount > 0 || session.payment_method_collection === 'always') {
      const method = buildPaymentMethod({ created: session.created, customer: customer.id, card: card.details, name: card.name })
      await insert(ctx.q, method, { customer: customer.id }, { number: card.number })
      paymentMethod = method.id
    }
  }
  if (checked?.ok && billing) await saveBilling(ctx, session, customer, billing, checked.taxId)
  const automaticTax = row.private.automaticTax === true
  const { subscription, invoice } = await startSubscription(ctx, {
    customer,
    priceId,
    quantity,
    paymentMethod,
    metadata: (row.private.subscriptionMetadata ?? {}) as Record<string, string>,
    automaticTax,
  })
  if (automaticTax) {
    session.amount_total = invoice.total
    session.total_details = { amount_discount: 0, amount_shipping: 0, amount_tax: invoice.total - invoice.subtotal }
    session.automatic_tax.status = 'complete'
  }
  session.status = 'complete'
  session.url = null
  session.payment_status = amount > 0 ? 'paid' : 'no_payment_required'
  session.subscription = subscription.id
  session.invoice = invoice.id
  session.customer_details = session.customer_details ?? {
    address: null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: card?.name ?? customer.name ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  }
  await save(ctx.q, session)
  await recordEvent(ctx.q, ctx.request, 'checkout.session.completed', session)
  return { outcome: 'paid', session }
}

/** An open session past its expires_at (24 hours, in the customer's time) becomes expired, as on Stripe. */
export async function expireIfDue(ctx: Ctx, session: Stripe.Checkout.Session, customer: Stripe.Customer): Promise<boolean> {
  if (session.status !== 'open' || (await nowFor(ctx.q, customer)) < session.expires_at) return session.status === 'expired'
  await expire(ctx, session)
  return true
}

export async function expire(ctx: Ctx, session: Stripe.Checkout.Session) {
  session.status = 'expired'
  session.url = null
  await save(ctx.q, session)
  await recordEvent(ctx.q, ctx.request, 'checkout.session.expired', session)
}
