import type { Queryable } from '../db/database'

/**
 * The owner's lock: their account row, locked for the rest of the transaction. An assignment takes
 * it (seat-assignment.ts), and so do a checkout's order (pending-checkouts.ts) and every change of
 * seats or plan sent to Stripe (payments/change-subscription.ts): each is decided after the one
 * before it has committed, on any instance, so none counts seats another is changing.
 */
export async function lockOwner(q: Queryable, ownerOid: string): Promise<void> {
  await q.query('select 1 from accounts where oid = $1 for update', [ownerOid])
}
