import type { Member, Organisation } from '@/common/organisation-contract'
import type { Database, Queryable } from '../db/database'
import { actorOf, type AccountRow, type Actor } from '../kernel/activity/actor'
import { conflict, notFound } from '../kernel/refusal'
import { invites, revokeInvitationsSentBy } from './offboarding'
import { announceMembershipChange, recordOrganisationChange } from './org-activity'
import { may, type Permission, type Role } from './roles'
import { permits, readStanding, refusalOf, type Standing } from './standing'

/** A member as read with their account (a personal organisation's founder has no row: owner). */
export interface MemberRow extends AccountRow {
  role: Role
}

const toMember = (row: MemberRow): Member => ({ oid: row.oid, name: actorOf(row).name, email: row.email, role: row.role })

/**
 * SQL: the organisation `$1`'s members with their accounts, oldest first; for a personal
 * organisation (no rows), its founder as owner. `lock` locks the rows (every change of members
 * takes this lock first, so two changes of one organisation take turns: never zero owners).
 */
const membersSql = (lock: boolean) =>
  lock
    ? `select m.role, a.oid, a.email, a.first_name, a.last_name from memberships m join accounts a on a.oid = m.member_oid
        where m.org_oid = $1 order by m.granted_at, m.member_oid for update of m`
    : `select coalesce(m.role, 'owner') as role, a.oid, a.email, a.first_name, a.last_name
         from accounts a left join memberships m on m.member_oid = a.oid
        where m.org_oid = $1 or (a.oid = $1 and m.member_oid is null and not exists (select 1 from memberships o where o.org_oid = $1))
        order by m.granted_at nulls first, a.oid`

/** The caller's organisation as they stand in it: its members and the offer of ownership waiting, in one statement. */
export async function organisationOf(db: Queryable, standing: Standing): Promise<Organisation> {
  if (!standing.organisation) return { role: null, personal: false, members: [], transfer: null, allowedPriceId: null, hasStripeAccount: false }
  const rows = await db.query<
    MemberRow & { transfer: { from_oid: string; to_oid: string; former_owner_becomes: Role | null; created_at: string } | null; plan: Organisation['allowedPriceId']; customer: boolean }
  >(
    `select listed.*, (select row_to_json(t) from ownership_transfers t where t.org_oid = $1) as transfer,
            o.allowed_price_id as plan, o.stripe_customer_id is not null as customer
       from (${membersSql(false)}) listed left join accounts o on o.oid = $1`,
    [standing.organisation],
  )
  const members = rows.map(toMember)
  const offer = rows[0]?.transfer
  const from = offer && members.find((member) => member.oid === offer.from_oid)
  const to = offer && members.find((member) => member.oid === offer.to_oid)
  const transfer = from && to ? { from, to, formerOwnerBecomes: offer.former_owner_becomes, at: new Date(offer.created_at).toISOString() } : null
  const billing = { allowedPriceId: rows[0]?.plan ?? null, hasStripeAccount: rows[0]?.customer ?? false }
  return { role: standing.role, personal: standing.personal, members, transfer, ...billing }
}

/**
 * The organisation's members, locked for a change; the acting person among them, and their role as
 * read under that lock: refused (403, the permission's words) unless it holds the permission now,
 * whatever this instance remembered of them (decision 0040). A personal organisation has no rows:
 * its founder acts as its owner while they are nobody's member.
 */
export async function lockMembers(tx: Queryable, organisation: string, actingOid: string, permission: Permission) {
  const members = await tx.query<MemberRow>(membersSql(true), [organisation])
  const acting = members.find((member) => member.oid === actingOid)
  const role = members.length ? (acting?.role ?? null) : permits(await readStanding(tx, actingOid, { lock: true }), organisation, permission) ? 'owner' : null
  if (!may(role, permission)) throw refusalOf(permission)
  return { members, acting, actor: acting ? actorOf(acting) : null, role }
}

const lastOwner = (members: MemberRow[], target: MemberRow) => target.role === 'owner' && members.filter((member) => member.role === 'owner').length === 1

/** A change by an owner (or the member themselves, leaving) of one member of the organisation. */
interface MemberChange {
  organisation: string
  target: string
  by: { oid: string }
}

function findTarget(members: MemberRow[], oid: string) {
  const target = members.find((member) => member.oid === oid)
  if (!target) throw notFound('The member')
  return target
}

/** Gives a member another role; the last owner keeps theirs (409). An owner made something else leaves no invitation of theirs open. */
export async function changeRole(db: Database, change: MemberChange, role: Role, forget: () => void): Promise<Member> {
  const member = await db.transaction(async (tx) => {
    const { members, actor, role: actorRole } = await lockMembers(tx, change.organisation, change.by.oid, 'members')
    // A personal organisation has no rows: its founder is its one member and last owner.
    const founderAlone = !members.length && change.target === change.organisation
    const target = founderAlone ? (await tx.query<MemberRow>(membersSql(false), [change.organisation]))[0]! : findTarget(members, change.target)
    if (target.role === role) return target
    if (founderAlone || lastOwner(members, target)) throw conflict('An organisation needs an owner: make another member an owner before you change the role of the last one.')
    await tx.query('update memberships set role = $2 where member_oid = $1', [target.oid, role])
    await recordOrganisationChange(tx, { organisation: change.organisation, kind: 'role-changed', actor, actorRole, subjectEmail: target.email, role })
    if (!invites(role)) await revokeInvitationsSentBy(tx, { organisation: change.organisation, oid: target.oid, actor, actorRole })
    await announceMembershipChange(tx)
    return { ...target, role }
  })
  forget()
  return toMember(member)
}

/** Removes a member (an owner removing anyone, or a member leaving); the last owner stays (409). Their open invitations are revoked. */
export async function removeMember(db: Database, change: MemberChange, forget: () => void): Promise<void> {
  const leaving = change.target === change.by.oid
  await db.transaction(async (tx) => {
    // Any member may leave; only an owner removes another.
    const { members, actor, role: actorRole } = await lockMembers(tx, change.organisation, change.by.oid, leaving ? 'organisation' : 'members')
    // A personal organisation has no rows: its founder is its one member and last owner.
    if (!members.length && change.target !== change.organisation) throw notFound('The member')
    const target = members.length ? findTarget(members, change.target) : ({ role: 'owner', oid: change.target } as MemberRow)
    if (!members.length || lastOwner(members, target)) throw conflict(`An organisation needs an owner: make another member an owner before ${leaving ? 'you leave' : 'you remove the last one'}.`)
    await tx.query('delete from memberships where member_oid = $1', [target.oid])
    await tx.query('delete from ownership_transfers where org_oid = $1 and (from_oid = $2 or to_oid = $2)', [change.organisation, target.oid])
    await recordOrganisationChange(tx, {
      organisation: change.organisation,
      kind: leaving ? 'member-left' : 'member-removed',
      actor: actor as Actor,
      actorRole,
      subjectEmail: target.email,
      role: target.role,
    })
    await revokeInvitationsSentBy(tx, { organisation: change.organisation, oid: target.oid, actor, actorRole })
    await announceMembershipChange(tx)
  })
  forget()
}
