import type { Context } from 'hono'
import type { Database, NamedStatement, Queryable } from '../db/database'
import type { RoleCheck } from '../kernel/role-check'
import { permits, refusalOf, roleCheck } from '../organisations/standing'
import { caller, person, type Env } from './context'

/**
 * Reads the acting person's standing again (in `q`, their membership locked while its transaction
 * lasts) and refuses (403, the route's permission in its words) unless it still holds the route's
 * permission in the organisation the call acts on. The route's permission was decided from what
 * this instance keeps, which a lost notification can leave stale for up to its bound (decision 0040).
 */
export async function confirmPermitted(c: Context<Env>, q: Queryable): Promise<void> {
  const permission = c.get('permission')
  if (!permits(await c.get('standings').confirm(q, person(c).oid), caller(c).oid, permission)) throw refusalOf(permission)
}

/**
 * The database for a change a role permits: each of its transactions reads the acting person's
 * role first (`confirmPermitted`), so the change is refused within the same transaction that would
 * write it. The work's statements travel with that read (decision 0029), but no answer reaches the
 * work before the read allowed it, so it decides and calls out (Stripe) only when allowed. Plain
 * queries pass as they are: a change that writes in one statement runs it in `transaction`.
 */
export function permitted(c: Context<Env>, db: Database): Database {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    transaction: (work) =>
      db.transaction((tx) => {
        const allowed = confirmPermitted(c, tx)
        allowed.catch(() => {})
        return work({
          query: async <T>(sql: string | NamedStatement, params?: unknown[]) => {
            const answer = tx.query<T>(sql, params)
            answer.catch(() => {})
            await allowed
            return answer
          },
        })
      }),
    withAdvisoryLock: (key, work) => db.withAdvisoryLock(key, work),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  }
}

/**
 * `permitted` for a change asked of Stripe in a subscription's turn (server/db/one-at-a-time.ts):
 * the role is read before Stripe is asked too, since PGlite asks before the turn's transaction.
 */
export async function permittedBeforeStripe(c: Context<Env>, db: Database): Promise<Database> {
  await confirmPermitted(c, db)
  return permitted(c, db)
}

/**
 * The route's permission checked by the change's own statement (decision 0050): for a change of
 * one statement, or a transaction whose first statement locks, no statement more than the change.
 */
export const roleCheckOf = (c: Context<Env>): RoleCheck => roleCheck(c.get('standings'), person(c).oid, caller(c).oid, c.get('permission'))
