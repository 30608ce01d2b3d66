import type { Database, Queryable } from '../db/database'
import type { RoleCheck } from '../kernel/role-check'
import { Refusal } from '../kernel/refusal'
import { may, permissions, type Permission, type Role } from './roles'

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

/**
 * SQL: the person's membership (`person`, a parameter), and whether the organisation their own
 * account keys has members. `lock` holds their membership row until the transaction ends, so that a
 * change of it (a removal, a new role) waits for the work that read it, or this read waits for the change.
 */
const standingSql = (person: string, lock: boolean) =>
  `with mine as (select org_oid, role from memberships where member_oid = ${person}${lock ? ' for share' : ''})
   select m.org_oid, m.role, exists (select 1 from memberships o where o.org_oid = ${person}) as own_has_members
     from (select 1) one left join mine m on true`

interface StandingRow {
  org_oid: string | null
  role: Role | null
  own_has_members: boolean
}

const standingOf = (oid: string, row: StandingRow | undefined): Standing => {
  if (row?.org_oid) return { organisation: row.org_oid, role: row.role, personal: false }
  return row?.own_has_members ? { organisation: null, role: null, personal: false } : { organisation: oid, role: 'owner', personal: true }
}

/** One statement: the person's membership, and whether the organisation their own account keys has members. */
export async function readStanding(db: Queryable, oid: string, options: { lock?: boolean } = {}): Promise<Standing> {
  const [row] = await db.query<StandingRow>(standingSql('$1', options.lock ?? false), [oid])
  return standingOf(oid, row)
}

/** The permission's refusal in its words (403), for a person whose standing does not hold it in that organisation. */
export function refusalOf(permission: Permission) {
  return new Refusal('forbidden', permissions[permission]?.refusal ?? permissions.organisation.refusal)
}

/** Whether the standing holds the permission in the organisation a change acts on. */
export const permits = (standing: Standing, organisation: string, permission: Permission) => standing.organisation === organisation && may(standing.role, permission)

/** How long an instance keeps a standing it read, by default: a change it does not hear of holds no longer (ROLE_CACHE_SECONDS). */
export const defaultStandingSeconds = 5

export interface Standings {
  /** The person's standing: from this instance's memory while younger than its bound, else read (one statement) and kept. */
  of(oid: string): Promise<Standing>
  /**
   * The person's standing read again in the caller's transaction, their membership locked until it
   * ends: what a change decides with. A standing other than the one kept means a change this
   * instance did not hear of: it forgets every standing.
   */
  confirm(tx: Queryable, oid: string): Promise<Standing>
  /** A standing a change read in its own statement (`roleCheck`): forgets every standing when it is not the one kept. */
  seen(oid: string, standing: Standing): void
  /** Forgets every standing: after a change of memberships, here or (through the channel) on another instance. */
  forget(): void
  /** Stops listening to other instances' changes (before the database closes). */
  stop(): Promise<void>
}

interface StandingsOptions {
  listen?: boolean
  max?: number
  /** How long a standing is kept (ms): a notification lost (a connection cut, a pooler) is outlived by no more. */
  maxAgeMs?: number
  /** The clock (tests). */
  now?: () => number
}

const sameStanding = (a: Standing, b: Standing) => a.organisation === b.organisation && a.role === b.role && a.personal === b.personal

/**
 * The standings this instance knows, so that deciding a permission costs no database round trip
 * once a person has made a call (as their verified token is remembered). Every change of
 * memberships notifies `memberships_changed` in its transaction: the instance that made it forgets
 * at once, the others when PostgreSQL delivers the notification (after its commit), and all of them
 * again whenever listening starts over. A read that began before a change is not kept. A
 * notification can still be lost without the listener knowing (a connection silently cut, a pooler
 * in transaction mode): no standing is kept longer than `maxAgeMs`, and every change reads the
 * acting person's role again, in its own transaction (`confirm`; decision 0040).
 */
export function createStandings(db: Database, options: StandingsOptions = {}): Standings & { ready: Promise<void> } {
  const known = new Map<string, { standing: Standing; readAt: number }>()
  let generation = 0
  const max = options.max ?? 10_000
  const maxAgeMs = options.maxAgeMs ?? defaultStandingSeconds * 1000
  const now = options.now ?? Date.now
  const forget = () => {
    generation++
    known.clear()
  }
  const listening = options.listen ? db.listen(membershipsChannel, forget) : Promise.resolve(async () => {})
  return {
    ready: listening.then(() => undefined),
    async of(oid) {
      const kept = known.get(oid)
      if (kept && now() - kept.readAt < maxAgeMs) return kept.standing
      const [startedAt, readAt] = [generation, now()]
      const standing = await readStanding(db, oid)
      if (startedAt === generation) {
        if (known.size >= max) known.clear()
        known.set(oid, { standing, readAt })
      }
      return standing
    },
    async confirm(tx, oid) {
      const standing = await readStanding(tx, oid, { lock: true })
      this.seen(oid, standing)
      return standing
    },
    seen(oid, standing) {
      const kept = known.get(oid)
      if (kept && !sameStanding(kept.standing, standing)) forget()
    },
    forget,
    stop: async () => (await listening)(),
  }
}

/**
 * The person's role read again by the change's own statement (decision 0050): the `acting` CTE is
 * the standing's read, their membership locked `for share`, with whether it permits `permission` in
 * `organisation` (the roles inlined from the one permissions table, never from input). A standing
 * other than the one kept makes the instance forget, as `confirm` does.
 */
export function roleCheck(standings: Standings, person: string, organisation: string, permission: Permission): RoleCheck {
  const rule = permissions[permission]
  const roles = rule === null ? null : rule.roles.map((role) => `'${role}'`).join(', ')
  return {
    acting: (first) => {
      const [who, where] = [`$${first}::text`, `$${first + 1}::text`]
      const held = roles === null ? 'true' : `s.role in (${roles})`
      return `acting as (
        select s.org_oid as acting_org_oid, s.role as acting_role, s.own_has_members as acting_own_has_members,
               case when s.org_oid is not null then s.org_oid = ${where} and ${held} else ${who} = ${where} and not s.own_has_members and ${may('owner', permission)} end as acting_allowed
          from (${standingSql(who, true)}) s)`
    },
    params: [person, organisation],
    allows: '(select acting_allowed from acting)',
    settle(row) {
      if (!row) throw new Error('The change read no standing (its statement lacks acting.*)')
      const standing = standingOf(person, { org_oid: row.acting_org_oid, role: row.acting_role as Role | null, own_has_members: row.acting_own_has_members })
      standings.seen(person, standing)
      if (!row.acting_allowed || !permits(standing, organisation, permission)) throw refusalOf(permission)
    },
  }
}
