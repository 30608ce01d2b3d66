import type Stripe from 'stripe'
import { chargeDecline } from './cards'
import type { Ctx } from './context'
import { paymentMethod as buildPaymentMethod, type CardDetails } from './objects/customers'
import { nowFor } from './billing'
import { insert, mustLoad, recordEvent, save } from './store'
import { startSubscription } from './subscriptions'

/** Paying a hosted checkout: the payment method, the subscription, its paid invoice, the session completed. */

export interface CheckoutCard {
  number: string
  details: CardDetails
  name: string | null
}

export type CheckoutOutcome = { outcome: 'paid' | 'already-complete' | 'expired'; session: Stripe.Checkout.Session } | { outcome: 'declined'; session: Stripe.Checkout.Session; message: string }

export async function payCheckout(ctx: Ctx, sessionId: string, card: CheckoutCard | null): Promise<CheckoutOutcome> {
  // The row lock makes a second payment of the same session (another tab, another server) wait, then see it complete.
  const row = await mustLoad<Stripe.Checkout.Session>(ctx.q, 'checkout.session', sessionId, { lock: true })
  const session = row.data
  const customer = (await mustLoad<Stripe.Customer>(ctx.q, 'customer', String(session.customer))).data
  if (await expireIfDue(ctx, session, customer)) return { outcome: 'expired', session }
  if (session.status !== 'open') return { outcome: 'already-complete', session }
  const priceId = String(row.private.priceId)
  const quantity = Number(row.private.quantity)
  const amount = session.amount_total ?? 0
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
  const { subscription, invoice } = await startSubscription(ctx, { customer, priceId, quantity, paymentMethod, metadata: (row.private.subscriptionMetadata ?? {}) as Record<string, string> })
  session.status = 'complete'
  session.url = null
  session.payment_status = amount > 0 ? 'paid' : 'no_payment_required'
  session.subscription = subscription.id
  session.invoice = invoice.id
  session.customer_details = {
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
