import { apiRoutes } from '@/common/api-paths'
import type { Database } from '../db/database'
import type { StripeGateway } from '../payments/gateway'
import { receiveEvent } from '../payments/webhook'
import { stripeApiVersion } from '../payments/stripe-client'
import { maxEventBytes } from '../payments/webhook-event'
import { log } from '../log'
import { resource } from './context'
import { limitBody } from './json-body'

/**
 * POST /api/stripe/webhook: Stripe's events, verified on the raw body with the endpoint's signing
 * secret and processed once per event id. A bad or missing signature is a 400 and changes nothing;
 * a failure to process is a 5xx, so Stripe delivers the event again. Stripe signs its events: no
 * bearer token comes with them. An event rendered in another API version than the code's
 * (`stripeApiVersion`; the endpoint's version is set in Stripe's Dashboard, docs/deploying.md) is
 * still applied, since only its ids are read and the subscription is read again in the code's
 * version, but logged as an error, once a process for each version.
 */
export function stripeWebhookRoutes(db: Database, stripe: StripeGateway) {
  // The events' reads take the webhooks' own slots of Stripe: no visitor's calls hold them up (decision 0051).
  let webhooks: StripeGateway | undefined
  const versionsSeen = new Set<string | null>([stripeApiVersion, null])
  return resource().post(apiRoutes.stripeWebhook.route, limitBody(maxEventBytes, 'The event is too large.'), async (c) => {
    const gateway = (webhooks ??= stripe.as({ lane: 'webhooks' }))
    const verified = gateway.verifyEvent(Buffer.from(await c.req.arrayBuffer()), c.req.header('stripe-signature') ?? '')
    if ('refused' in verified) return c.json({ message: verified.refused }, 400)
    if (!versionsSeen.has(verified.event.apiVersion)) {
      versionsSeen.add(verified.event.apiVersion)
      log.error(
        { eventId: verified.event.id, apiVersion: verified.event.apiVersion, expected: stripeApiVersion },
        "webhook event in another Stripe API version than the code's: set the endpoint's version",
      )
    }
    const outcome = await receiveEvent(db, gateway, verified.event)
    if (outcome === 'seen') return c.json({ received: true, duplicate: true })
    if (outcome === 'unreadable') return c.json({ message: 'The event could not be read.' }, 400)
    return c.json({ received: true, duplicate: outcome === 'duplicate', outcome })
  })
}
