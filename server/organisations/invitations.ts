import { invitationDays, type Invitation, type InviteRequest } from '@/common/organisation-contract'
import type { Database, Queryable } from '../db/database'
import { newId } from '../db/ids'
import { conflict, notFound } from '../kernel/refusal'
import { queueCappedMail, type CappedOutcome } from '../kernel/mail-caps'
import { invitationMail } from '../mail/organisation-messages'
import { mailSiteOrigin } from '../mail/site-origin'
import { invitationDigest, invitationLink, newInvitationSecret } from './invitation-secret'
import { lockMembers, type MemberRow } from './members'
import { announceMembershipChange, recordOrganisationChange } from './org-activity'
import type { Role } from './roles'

/** An owner acting on the organisation's invitations. */
export interface Inviter {
  organisation: string
  oid: string
  email: string
}

interface InvitationRow {
  id: string
  email: string
  role: Role
  invited_by: string | null
  created_at: Date
  expires_at: Date
}

const iso = (value: Date | string) => new Date(value).toISOString()
const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  status: new Date(row.expires_at).getTime() > Date.now() ? 'pending' : 'expired',
})

const openSql = 'accepted_at is null and revoked_at is null'
const listedSql = `select i.id, i.email, i.role, i.created_at, i.expires_at, coalesce(nullif(btrim(a.first_name || ' ' || a.last_name), ''), a.email) as invited_by
   from invitations i left join accounts a on a.oid = i.invited_by_oid`

/** The organisation's invitations not accepted or revoked yet, the newest first (an expired one can be sent again). */
export async function invitationsOf(db: Queryable, organisation: string): Promise<Invitation[]> {
  return (await db.query<InvitationRow>(`${listedSql} where i.org_oid = $1 and ${openSql} order by i.created_at desc, i.id`, [organisation])).map(toInvitation)
}

/** The invitation mail with a new link, capped as all mail to others is. */
async function mailInvitation(tx: Queryable, inviter: Inviter, acting: MemberRow | undefined, to: string, role: Role, secret: string): Promise<CappedOutcome> {
  const from = { firstName: acting?.first_name ?? '', lastName: acting?.last_name ?? '', email: acting?.email ?? inviter.email }
  const mail = invitationMail({ to, inviter: from, role, link: invitationLink(mailSiteOrigin(), secret), days: invitationDays })
  return queueCappedMail(tx, inviter.organisation, 'invitation', mail)
}

/**
 * An owner invites someone by email to a role: pending until that person signs in with that email
 * and accepts, for 14 days. Inviting into an organisation of one owner makes its member rows (its
 * founder, an owner) first. An expired invitation to the same address gives way to the new one.
 */
export async function invite(db: Database, inviter: Inviter, request: InviteRequest, forget: () => void): Promise<Invitation> {
  const email = request.email.toLowerCase()
  const invitation = await db.transaction(async (tx) => {
    let { members, actor, acting, role } = await lockMembers(tx, inviter.organisation, inviter.oid, 'members')
    if (!members.length) {
      await tx.query("insert into memberships (member_oid, org_oid, role) values ($1, $1, 'owner')", [inviter.organisation])
      await announceMembershipChange(tx)
      ;({ members, actor, acting, role } = await lockMembers(tx, inviter.organisation, inviter.oid, 'members'))
    }
    if (members.some((member) => member.email.toLowerCase() === email)) throw conflict(`${email} is a member of the organisation already.`)
    const [open] = await tx.query<{ id: string; expired: boolean }>(`select id, expires_at <= now() as expired from invitations where org_oid = $1 and lower(email) = $2 and ${openSql} for update`, [
      inviter.organisation,
      email,
    ])
    if (open && !open.expired) throw conflict(`${email} is invited already: send the invitation again instead.`)
    if (open) await tx.query('update invitations set revoked_at = now() where id = $1', [open.id])
    const secret = newInvitationSecret()
    const [row] = await tx.query<InvitationRow>(
      `with made as (insert into invitations (id, org_oid, email, role, secret_sha256, invited_by_oid, expires_at) values ($1, $2, $3, $4, $5, $6, now() + $7::integer * interval '1 day') returning *)
       select made.id, made.email, made.role, made.created_at, made.expires_at, $8::text as invited_by from made`,
      [newId('inv'), inviter.organisation, email, request.role, invitationDigest(secret), inviter.oid, invitationDays, actor!.name],
    )
    await recordOrganisationChange(tx, { organisation: inviter.organisation, kind: 'invitation-sent', actor, actorRole: role, subjectEmail: email, role: request.role })
    await mailInvitation(tx, inviter, acting, email, request.role, secret)
    return toInvitation(row!)
  })
  forget()
  return invitation
}

/** Sends an open invitation again with a new link (the old one dead) and 14 more days. */
export async function resendInvitation(db: Database, inviter: Inviter, id: string): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const { actor, acting, role } = await lockMembers(tx, inviter.organisation, inviter.oid, 'members')
    const secret = newInvitationSecret()
    const [row] = await tx.query<InvitationRow>(
      `with renewed as (update invitations set secret_sha256 = $3, expires_at = now() + $4::integer * interval '1 day', expiry_recorded_at = null
                          where id = $1 and org_oid = $2 and ${openSql} returning *)
       select renewed.id, renewed.email, renewed.role, renewed.created_at, renewed.expires_at, $5::text as invited_by from renewed`,
      [id, inviter.organisation, invitationDigest(secret), invitationDays, actor?.name ?? inviter.email],
    )
    if (!row) throw notFound('The invitation')
    await recordOrganisationChange(tx, { organisation: inviter.organisation, kind: 'invitation-resent', actor, actorRole: role, subjectEmail: row.email, role: row.role })
    await mailInvitation(tx, inviter, acting, row.email, row.role, secret)
    return toInvitation(row)
  })
}

/** Revokes an open invitation: its link accepts nothing from now on. */
export async function revokeInvitation(db: Database, inviter: Inviter, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { actor, role } = await lockMembers(tx, inviter.organisation, inviter.oid, 'members')
    const [row] = await tx.query<{ email: string; role: Role }>(`update invitations set revoked_at = now() where id = $1 and org_oid = $2 and ${openSql} returning email, role`, [
      id,
      inviter.organisation,
    ])
    if (!row) throw notFound('The invitation')
    await recordOrganisationChange(tx, { organisation: inviter.organisation, kind: 'invitation-revoked', actor, actorRole: role, subjectEmail: row.email, role: row.role })
  })
}
