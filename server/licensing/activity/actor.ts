import type { Queryable } from '../../db/database'
import type { NewActivity } from './activity-entry'

export type Actor = NonNullable<NewActivity['actor']>

/** An account as the activity names it: first and last name, or the email when the profile has no name. */
export function actorOf(account: { oid: string; email: string; first_name: string; last_name: string }): Actor {
  return { oid: account.oid, name: `${account.first_name} ${account.last_name}`.trim() || account.email, email: account.email }
}

/** The signed-in person who made a change; named by their email when they have no account row yet. */
export async function accountActor(tx: Queryable, who: { oid: string; email: string }): Promise<Actor> {
  const [account] = await tx.query<{ oid: string; email: string; first_name: string; last_name: string }>('select oid, email, first_name, last_name from accounts where oid = $1', [who.oid])
  return account ? actorOf(account) : { oid: who.oid, name: who.email, email: who.email }
}
