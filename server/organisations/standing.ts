import type { Database, Queryable } from '../db/database'
import type { Role } from './roles'

/**
 * Where a person stands: the organisation they act for and their role in it. `organisation` is
 * the key of the organisation's billing account (the account that bought first). A person who is
 * nobody's member is the implicit owner of their own organisation (`personal`), as every account
 * was before organisations: existing accounts work unchanged. Someone who left the organisation
 * their own account keys has none (`organisation` null).
 */
export interface Standing {
  organisation: string | null
  role: Role | null
  /** The organisation has no member rows: its founder owns it alone, implicitly. */
  personal: boolean
}

/** The channel on which a change of memberships tells every instance to forget what it knew. */
export const membershipsChannel = 'memberships_changed'

/** SQL: tells every instance (on commit, when inside a transaction) that memberships changed. */
export const notifyMembershipsSql = `pg_notify('${membershipsChannel}', '')`

/** One statement: the person's membership, and whether the organisation their own account keys has members. */
export async function readStanding(db: Queryable, oid: string): Promise<Standing> {
  const [row] = await db.query<{ org_oid: string | null; role: Role | null; own_has_members: boolean }>(
    `select m.org_oid, m.role, exists (select 1 from memberships o where o.org_oid = $1) as own_has_members
       from (select 1) one left join memberships m on m.member_oid = $1`,
    [oid],
  )
  if (row?.org_oid) return { organisation: row.org_oid, role: row.role, personal: false }
  return row?.own_has_members ? { organisation: null, role: null, personal: false } : { organisation: oid, role: 'owner', personal: true }
}

export interface Standings {
  /** The person's standing: from this instance's memory, else read (one statement) and kept. */
  of(oid: string): Promise<Standing>
  /** Forgets every standing: after a change of memberships, here or (through the channel) on another instance. */
  forget(): void
  /** Stops listening to other instances' changes (before the database closes). */
  stop(): Promise<void>
}

/**
 * The standings this instance knows, so that deciding a permission costs no database round trip
 * once a person has made a call (as their verified token is remembered). Every change of
 * memberships notifies `memberships_changed` in its transaction: the instance that made it forgets
 * at once, the others when PostgreSQL delivers the notification (after its commit), and all of them
 * again whenever listening starts over. A read that began before a change is not kept.
 */
export function createStandings(db: Database, options: { listen?: boolean; max?: number } = {}): Standings & { ready: Promise<void> } {
  const known = new Map<string, Standing>()
  let generation = 0
  const max = options.max ?? 10_000
  const forget = () => {
    generation++
    known.clear()
  }
  const listening = options.listen ? db.listen(membershipsChannel, forget) : Promise.resolve(async () => {})
  return {
    ready: listening.then(() => undefined),
    async of(oid) {
      const kept = known.get(oid)
      if (kept) return kept
      const startedAt = generation
      const standing = await readStanding(db, oid)
      if (startedAt === generation) {
        if (known.size >= max) known.clear()
        known.set(oid, standing)
      }
      return standing
    },
    forget,
    stop: async () => (await listening)(),
  }
}
