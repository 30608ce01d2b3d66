import type { Context } from 'hono'
import Stripe from 'stripe'
import { applySubscription, subscriptionState, type SubscriptionState } from '../licensing/subscription-store'
import type { Database } from '../db/database'
import type { StripeGateway } from './gateway'
import type { PriceCatalogue } from './stripe-settings'

/** Stripe's default: a signature older than five minutes is refused (replayed deliveries). */
export const signatureToleranceSeconds = 300
/** Stripe's events are a few kilobytes; the route's body limit (server/api/app.ts) refuses more than this. */
export const maxEventBytes = 512 * 1024

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

/**
 * The subscription an event is about, as Stripe has it now. Reading the current state rather than
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
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription)
    default:
      return null
  }
}

/**
 * POST /api/stripe/webhook: Stripe's events, verified on the raw body with the endpoint's signing
 * secret and processed once per event id. A bad or missing signature is a 400 and changes nothing;
 * a failure to process is a 5xx, so Stripe delivers the event again.
 */
export function createWebhookHandler(deps: { db: Database; stripe: Stripe; gateway: StripeGateway; prices: PriceCatalogue; webhookSecret: string }) {
  const { db, gateway } = deps
  return async (c: Context) => {
    const payload = Buffer.from(await c.req.arrayBuffer())
    let event: Stripe.Event
    try {
      event = deps.stripe.webhooks.constructEvent(payload, c.req.header('stripe-signature') ?? '', deps.webhookSecret, signatureToleranceSeconds)
    } catch (error) {
      const reason = error instanceof Stripe.errors.StripeSignatureVerificationError ? 'The signature is missing, wrong or too old.' : 'The event could not be read.'
      return c.json({ message: reason }, 400)
    }
    const [seen] = await db.query('select 1 from stripe_events where id = $1', [event.id])
    if (seen) return c.json({ received: true, duplicate: true })

    // Stripe is asked before the transaction: no database connection waits on the network.
    let subscriptionId: string | null
    try {
      subscriptionId = subscriptionOf(event)
    } catch {
      // Signed, but not shaped like Stripe's event of its type.
      return c.json({ message: 'The event could not be read.' }, 400)
    }
    let state: SubscriptionState | null = null
    if (subscriptionId) state = subscriptionState(await gateway.retrieveSubscription(subscriptionId), deps.prices)

    const outcome = await db.transaction(async (tx) => {
      const fresh = await tx.query('insert into stripe_events (id, type) values ($1, $2) on conflict do nothing returning id', [event.id, event.type])
      if (fresh.length === 0) return 'duplicate'
      return state ? applySubscription(tx, state, new Date(event.created * 1000)) : 'ignored'
    })
    return c.json({ received: true, duplicate: outcome === 'duplicate', outcome })
  }
}
