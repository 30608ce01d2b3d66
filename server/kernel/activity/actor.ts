import type { MemberRole as Role } from '@/common/contract'
import type { NewActivity } from './activity-entry'

export type Actor = NonNullable<NewActivity['actor']>

/** An accounts row as the activity reads it. */
export interface AccountRow {
  oid: string
  email: string
  first_name: string
  last_name: string
}

/** An account as the activity names it: first and last name, or the email when the profile has no name. */
export function actorOf(account: AccountRow): Actor {
  return { oid: account.oid, name: `${account.first_name} ${account.last_name}`.trim() || account.email, email: account.email }
}

/** The signed-in person who made a change, from their account row; named by their email when they have no account row yet. */
export function callerActor(account: AccountRow | null, who: { oid: string; email: string }): Actor {
  return account ? actorOf(account) : { oid: who.oid, name: who.email, email: who.email }
}

/** The person who makes a change on an organisation's behalf, and the role they act in. */
export interface Acting {
  oid: string
  email: string
  role: Role | null
}

/** SQL: the JSON of the account `oid` (a parameter) as callerActor reads it, null when it has none. */
export const accountJsonSql = (oid: string) => `(select json_build_object('oid', oid, 'email', email, 'first_name', first_name, 'last_name', last_name) from accounts where oid = ${oid})`

/**
 * Every character String.prototype.trim removes (ECMAScript's WhiteSpace and LineTerminator), as
 * a constant rather than found at start-up; tests/server/kernel/actor.test.ts checks it against trim.
 */
export const jsWhitespace = '\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'

/**
 * SQL: actorOf's name for the accounts row under `alias`, for a statement that records activity
 * without a round trip to read the account first. `whitespace` is the parameter holding jsWhitespace,
 * so PostgreSQL trims exactly what JavaScript would.
 */
export const actorNameSql = (alias: string, whitespace: string) => `coalesce(nullif(btrim(${alias}.first_name || ' ' || ${alias}.last_name, ${whitespace}), ''), ${alias}.email)`
