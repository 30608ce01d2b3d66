import type { ActivityEntry, ActivityPage } from '@/common/contract'
import { Refusal } from '../refusal'
import type { Queryable } from '@/server/db/database'
import type { MemberRole as Role } from '@/common/contract'

interface ActivityRow {
  id: string
  at: Date
  kind: ActivityEntry['kind']
  actor_name: string | null
  actor_email: string | null
  price_id: ActivityEntry['priceId']
  subject_email: string | null
  seats: number | null
  token_name: string | null
  actor_role: Role | null
  role: Role | null
}

/**
 * A page's cursor names the last entry shown (base64url, opaque to clients); the next page is
 * what comes after that entry's (at, id) in the owner's log. Naming an entry rather than copying its
 * time keeps the database's microseconds, which a JavaScript date would round away.
 */
const cursorOf = (id: string) => Buffer.from(id, 'utf8').toString('base64url')
const idOfCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8')

const toEntry = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  kind: row.kind,
  actor: row.actor_email === null ? null : { name: row.actor_name ?? row.actor_email, email: row.actor_email },
  priceId: row.price_id,
  subjectEmail: row.subject_email,
  seats: row.seats,
  tokenName: row.token_name,
  actorRole: row.actor_role,
  role: row.role,
})

/** The owner's activity, newest first, `limit` entries after the cursor's (from the start without one). */
export async function activityPage(db: Queryable, ownerOid: string, query: { before?: string; limit: number }): Promise<ActivityPage> {
  const params: unknown[] = [ownerOid, query.limit + 1]
  let after = ''
  if (query.before !== undefined) {
    const id = idOfCursor(query.before)
    // A cursor from another owner's log (or made up) names no entry of this one.
    const [known] = /^act_[\w-]{1,32}$/.test(id) ? await db.query('select 1 from activity where id = $1 and owner_oid = $2', [id, ownerOid]) : []
    if (!known) throw new Refusal('bad-request', 'before must be a cursor from a previous page')
    params.push(id)
    after = 'and (at, id) < (select at, id from activity where id = $3)'
  }
  const rows = await db.query<ActivityRow>(
    `select id, at, kind, actor_name, actor_email, price_id, subject_email, seats, token_name, actor_role, role from activity
      where owner_oid = $1 ${after} order by at desc, id desc limit $2`,
    params,
  )
  const entries = rows.slice(0, query.limit).map(toEntry)
  return { entries, nextCursor: rows.length > query.limit ? cursorOf(entries.at(-1)!.id) : null }
}
