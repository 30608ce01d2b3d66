import { findPlan, type PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'
import { conflict, invalid } from '../kernel/refusal'
import type { AccountRow } from './account-store'

/**
 * What may be bought by invoice (issue 49): a paid plan, of the account's one license type (spec
 * section 5). Community is free: it has nothing to invoice.
 */
export function checkInvoiceOrder(account: Pick<AccountRow, 'allowed_price_id'>, priceId: PriceId) {
  if (findPlan(priceId)!.price === 0) throw invalid(`${findPlan(priceId)!.name} is free: it needs no invoice.`)
  if (account.allowed_price_id && account.allowed_price_id !== priceId) throw conflict('Accounts are limited to one license type.')
}

/**
 * How many subscriptions the account has had: part of an order's idempotency key, so the same order
 * sent twice at once makes one subscription, and the same order made again later another. Read
 * first, before any call to Stripe: a press whose read waited behind the other's calls (one Stripe
 * slot a person) could see the other's subscription recorded and make a second.
 */
export async function subscriptionsHad(db: Queryable, ownerOid: string): Promise<number> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from subscriptions where owner_oid = $1', [ownerOid])
  return row?.count ?? 0
}
