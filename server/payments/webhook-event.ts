import Stripe from 'stripe'
import { idOf } from './stripe-errors'

/** Stripe's default: a signature older than five minutes is refused (replayed deliveries). */
export const signatureToleranceSeconds = 300
/** Stripe's events are a few kilobytes; the webhook route's body limit refuses more than this. */
export const maxEventBytes = 512 * 1024

/** A signed event as the portal reads it: which subscription it is about, if any. */
export interface PaymentEvent {
  id: string
  type: string
  createdAt: Date
  /** The subscription the event is about; undefined when the event is signed but not shaped like Stripe's event of its type. */
  subscriptionId: string | null | undefined
  /** The Stripe API version the event is rendered in: the webhook endpoint's (null when it has none). */
  apiVersion: string | null
  /** The invoice an `invoice.paid` event says is paid (a renewal invoiced ahead is then paid: decision 0056). */
  paidInvoiceId?: string
}

/**
 * The subscription an event is about, to be read as Stripe has it now. Reading the current state rather than
 * the event's copy makes late and repeated deliveries harmless: they can only write the truth.
 */
function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : null
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id
    // A subscription paid by invoice also hears of its invoice sent (awaiting payment) and overdue.
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.finalized':
    case 'invoice.overdue':
      return idOf(event.data.object.parent?.subscription_details?.subscription)
    default:
      return null
  }
}

function readable(event: Stripe.Event) {
  try {
    return subscriptionOf(event)
  } catch {
    return undefined
  }
}

/** Checks an event's signature on its raw body with the endpoint's secret: the event, or why it is refused. */
export function verifyEvent(stripe: Stripe, webhookSecret: string, payload: Buffer, signature: string): { event: PaymentEvent } | { refused: string } {
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(payload, signature, webhookSecret, signatureToleranceSeconds)
  } catch (error) {
    return { refused: error instanceof Stripe.errors.StripeSignatureVerificationError ? 'The signature is missing, wrong or too old.' : 'The event could not be read.' }
  }
  const paidInvoiceId = event.type === 'invoice.paid' ? event.data.object.id : undefined
  return {
    event: {
      id: event.id,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      subscriptionId: readable(event),
      apiVersion: event.api_version ?? null,
      ...(paidInvoiceId && { paidInvoiceId }),
    },
  }
}
