import type { Queryable } from '../db/database'
import { customerOf } from './billing-account'
import { notFound } from '../kernel/refusal'

/**
 * Who may see and change an account's billing: its invoices, its company details and its
 * renewals. The one place that says so: today the owner of the subscriptions alone (the account
 * that bought them); a role such as an organisation's billing manager joins here, and every
 * billing route that calls these follows.
 */

/** The owner whose billing the caller manages (today: the caller's own). */
export async function billingOwnerFor(_db: Queryable, callerOid: string): Promise<string> {
  return callerOid
}

/** The payment customer whose invoices and company details the caller may see and change; 409 before the first purchase. */
export async function billingCustomerFor(db: Queryable, callerOid: string): Promise<string> {
  const owner = await billingOwnerFor(db, callerOid)
  const [account] = await db.query<{ stripe_customer_id: string | null }>('select stripe_customer_id from accounts where oid = $1', [owner])
  if (!account) throw notFound('The account')
  return customerOf(account)
}

/** A subscription whose renewal the caller may change, as the portal holds it; 404 for any other (whose it is, is not said). */
export async function renewableSubscriptionFor(db: Queryable, callerOid: string, subscriptionId: string) {
  const owner = await billingOwnerFor(db, callerOid)
  const [subscription] = await db.query<{ id: string; stripe_subscription_id: string; owner_oid: string }>(
    'select id, stripe_subscription_id, owner_oid from subscriptions where id = $1 and owner_oid = $2',
    [subscriptionId, owner],
  )
  if (!subscription) throw notFound('The subscription')
  return subscription
}
