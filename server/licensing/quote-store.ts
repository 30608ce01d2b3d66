import type { PriceId } from '@/common/plans'
import type { Queryable } from '../db/database'

/** A quote the account asked for, as the portal keeps it beside Stripe's (migration 23). */
export interface QuoteRow {
  stripe_quote_id: string
  owner_oid: string
  price_id: PriceId
  quantity: number
  po_number: string
}

/** How many quotes the account has asked for: part of a request's idempotency key (two presses at once, one quote). */
export async function quotesHad(db: Queryable, ownerOid: string): Promise<number> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from quotes where owner_oid = $1', [ownerOid])
  return row?.count ?? 0
}

/** Records a quote once: the same quote answered again (an idempotent replay) is already there. */
export async function recordQuote(db: Queryable, quote: QuoteRow): Promise<void> {
  await db.query('insert into quotes (stripe_quote_id, owner_oid, price_id, quantity, po_number) values ($1, $2, $3, $4, $5) on conflict (stripe_quote_id) do nothing', [
    quote.stripe_quote_id,
    quote.owner_oid,
    quote.price_id,
    quote.quantity,
    quote.po_number,
  ])
}

/** The account's quotes, newest first. */
export const quotesOf = (db: Queryable, ownerOid: string) =>
  db.query<QuoteRow>('select stripe_quote_id, owner_oid, price_id, quantity, po_number from quotes where owner_oid = $1 order by created_at desc, stripe_quote_id desc', [ownerOid])

/** One of the account's quotes; undefined when it is not theirs. */
export async function quoteOf(db: Queryable, ownerOid: string, quoteId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.query<QuoteRow>('select stripe_quote_id, owner_oid, price_id, quantity, po_number from quotes where owner_oid = $1 and stripe_quote_id = $2', [ownerOid, quoteId])
  return row
}
