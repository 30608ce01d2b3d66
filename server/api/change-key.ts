import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { caller, idempotencyKey, type Env } from './context'

/**
 * The key of a write that sets something at Stripe to a value (company details, a renewal's seats,
 * auto-renew): the client's Idempotency-Key when it sends one, else one of this request's own. Not
 * the request's content (context.ts's fallback): setting a value back to an earlier one within
 * Stripe's day of keys would replay the earlier answer and change nothing. Setting a value twice
 * does no harm, so a request sent twice needs no key of its content.
 */
export const changeKey = (c: Context<Env>, operation: string, part: string) =>
  c.req.header('idempotency-key') ? idempotencyKey(c, operation, null, part) : `${operation}:${caller(c).oid}:${part}:${randomUUID()}`
