import type { Database } from '../db/database'
import { applySubscription, type ApplyOutcome } from '../licensing/subscription-store'
import type { StripeGateway } from './gateway'
import type { PaymentEvent } from './webhook-event'

/**
 * A verified event, processed once per event id: the subscription it is about is read from Stripe
 * before the transaction (no database connection waits on the network), then applied in the
 * transaction that records the event. 'seen' for an event already processed; 'unreadable' for one
 * signed but not shaped like Stripe's event of its type.
 */
export async function receiveEvent(db: Database, gateway: StripeGateway, event: PaymentEvent): Promise<'seen' | 'unreadable' | 'duplicate' | 'ignored' | ApplyOutcome> {
  const [seen] = await db.query('select 1 from stripe_events where id = $1', [event.id])
  if (seen) return 'seen'
  if (event.subscriptionId === undefined) return 'unreadable'
  const state = event.subscriptionId ? await gateway.subscriptionState(event.subscriptionId) : null
  return db.transaction(async (tx) => {
    const fresh = await tx.query('insert into stripe_events (id, type) values ($1, $2) on conflict do nothing returning id', [event.id, event.type])
    if (fresh.length === 0) return 'duplicate'
    return state ? applySubscription(tx, state, event.createdAt) : 'ignored'
  })
}
