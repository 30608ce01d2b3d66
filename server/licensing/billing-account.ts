import type { Queryable } from '../db/database'
import type { AccountRow } from './account-store'
import { billingContactSql } from '../kernel/organisation-contacts'
import { conflict } from '../kernel/refusal'

/** The account's customer at the payment provider; refused (409) before the first purchase. */
export function customerOf(account: Pick<AccountRow, 'stripe_customer_id'>): string {
  if (!account.stripe_customer_id) throw conflict('This account has no billing account yet: buy a license first.')
  return account.stripe_customer_id
}

/**
 * The account's customer, created on first need (a checkout, a payment setup) by `create`, with its
 * organisation's billing contact's email and name (organisation-contacts.ts); never two for one
 * account: the first one stored stays.
 */
export async function ensureCustomer(db: Queryable, account: AccountRow, create: (account: { oid: string; email: string; name: string }) => Promise<string>): Promise<string> {
  if (account.stripe_customer_id) return account.stripe_customer_id
  const [contact] = await db.query<{ email: string; first_name: string; last_name: string }>(billingContactSql('$1'), [account.oid])
  const { email, first_name, last_name } = contact ?? account
  const customerId = await create({ oid: account.oid, email, name: `${first_name} ${last_name}`.trim() })
  const [row] = await db.query<{ stripe_customer_id: string }>('update accounts set stripe_customer_id = coalesce(stripe_customer_id, $2) where oid = $1 returning stripe_customer_id', [
    account.oid,
    customerId,
  ])
  return row?.stripe_customer_id ?? customerId
}

/** Counts an upgrade the payment provider refused: the next attempt is a new charge (upgrade.ts). */
export async function recordUpgradeRefusal(db: Queryable, oid: string): Promise<void> {
  await db.query('update accounts set upgrade_refusals = upgrade_refusals + 1 where oid = $1', [oid])
}
