import type { Database, Queryable } from '../db/database'
import { markRenewalInvoicePaid } from '../licensing/renewal-invoices'
import type { StripeGateway } from './gateway'
import { syncSubscription, type SyncOutcome } from './subscription-sync'
import { endCarriedTrials } from './trial-carry-over'
import type { PaymentEvent } from './webhook-event'

/** Records the event as processed in the caller's transaction; false when it already was. */
const recordEvent = async (tx: Queryable, event: PaymentEvent) =>
  (await tx.query('insert into stripe_events (id, type) values ($1, $2) on conflict do nothing returning id', [event.id, event.type])).length > 0

/**
 * A verified event, processed once per event id. The subscription it is about, whatever its price,
 * is brought to what Stripe holds now (subscription-sync.ts: one event at a time per subscription,
 * Stripe asked under the lock), in the transaction that records the event. 'seen' for an event
 * already processed; 'unreadable' for one signed but not shaped like Stripe's event of its type;
 * 'ignored' for one about no subscription.
 */
export async function receiveEvent(db: Database, gateway: StripeGateway, event: PaymentEvent): Promise<'seen' | 'unreadable' | 'ignored' | SyncOutcome> {
  const [seen] = await db.query('select 1 from stripe_events where id = $1', [event.id])
  if (seen) return 'seen'
  if (event.subscriptionId === undefined) return 'unreadable'
  if (event.subscriptionId === null) return (await db.transaction((tx) => recordEvent(tx, event))) ? 'ignored' : 'duplicate'
  const outcome = await syncSubscription(db, gateway, event.subscriptionId, {
    eventAt: event.createdAt,
    first: async (tx) => {
      if (!(await recordEvent(tx, event))) return false
      if (event.paidInvoiceId) await markRenewalInvoicePaid(tx, event.paidInvoiceId)
      return true
    },
    context: { eventId: event.id, eventType: event.type },
  })
  // A purchase made during a trial took its seats: the trial ends at Stripe (decision 0047).
  if (outcome === 'created') await endCarriedTrials(db, gateway, event.subscriptionId)
  return outcome
}
