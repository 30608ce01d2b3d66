import type { InvitationOffer } from '@/common/organisation-contract'
import type { Database, Queryable } from '../db/database'
import { jobBatch } from '../db/job-runs'
import { callerActor } from '../kernel/activity/actor'
import { billingContactSql } from '../kernel/organisation-contacts'
import { conflict, notFound, Refusal } from '../kernel/refusal'
import { invitationDigest } from './invitation-secret'
import { announceMembershipChange, recordOrganisationChange } from './org-activity'
import type { Role } from './roles'
import type { Holder } from './seat-holder'

interface OfferRow {
  id: string
  org_oid: string
  email: string
  role: Role
  expires_at: Date
  expired: boolean
  organisation: string
  invited_by: string | null
}

/**
 * SQL: an open invitation by its link's digest, with its organisation's name and its inviter's. The
 * organisation is named by its billing contact (its earliest owner), not by its founder's account: a
 * founder who left renames nothing by editing their own profile.
 */
const offerSql = `select i.id, i.org_oid, i.email, i.role, i.expires_at, i.expires_at <= now() as expired,
       coalesce(nullif(btrim(c.company_name), ''), c.email, i.org_oid) as organisation, coalesce(nullif(btrim(b.first_name || ' ' || b.last_name), ''), b.email) as invited_by
  from invitations i left join lateral (${billingContactSql('i.org_oid')}) c on true left join accounts b on b.oid = i.invited_by_oid
 where i.secret_sha256 = $1 and i.accepted_at is null and i.revoked_at is null`

/**
 * The invitation a link names, for the signed-in person it was sent to. The link authenticates
 * nobody: the person's own sign-in, with that email (verified, where the tenant says), does.
 */
async function readOffer(db: Queryable, person: Holder, secret: string, lock: boolean): Promise<OfferRow> {
  const [offer] = await db.query<OfferRow>(`${offerSql}${lock ? ' for update of i' : ''}`, [invitationDigest(secret)])
  if (!offer) throw notFound('The invitation')
  if (offer.email.toLowerCase() !== person.email.toLowerCase())
    throw new Refusal('forbidden', 'This invitation was sent to another email address. Sign in with the address it was sent to, then open the link again.')
  if (person.emailVerified === false) throw new Refusal('forbidden', 'Your email address is not verified. Verify it with your sign-in provider, then open the link again.')
  if (offer.expired) throw conflict('This invitation has expired. Ask an owner of the organisation to send it again.')
  return offer
}

export async function offerOf(db: Queryable, person: Holder, secret: string): Promise<InvitationOffer> {
  const offer = await readOffer(db, person, secret, false)
  return { organisation: offer.organisation, role: offer.role, invitedBy: offer.invited_by, expiresAt: new Date(offer.expires_at).toISOString() }
}

const memberElsewhere = () => conflict('You are a member of another organisation: leave it before you accept this invitation.')

/**
 * The person accepts: they become a member in the invitation's role, in one transaction. A person
 * is a member of one organisation: one who is already a member elsewhere, or owns licenses of
 * their own, is refused (409) and told why.
 */
export async function acceptInvitation(db: Database, person: Holder, secret: string, forget: () => void): Promise<void> {
  await db.transaction(async (tx) => {
    const offer = await readOffer(tx, person, secret, true)
    const [mine] = await tx.query<{ org_oid: string | null; owns: boolean; has_members: boolean; account: { oid: string; email: string; first_name: string; last_name: string } | null }>(
      `select (select org_oid from memberships where member_oid = $1) as org_oid,
              exists (select 1 from subscriptions where owner_oid = $1) as owns,
              exists (select 1 from memberships where org_oid = $1 and member_oid <> $1) as has_members,
              (select json_build_object('oid', oid, 'email', email, 'first_name', first_name, 'last_name', last_name) from accounts where oid = $1) as account`,
      [person.oid],
    )
    if (mine!.org_oid === offer.org_oid) throw conflict('You are a member of this organisation already.')
    if (mine!.has_members || (mine!.org_oid && mine!.org_oid !== person.oid)) throw memberElsewhere()
    if (mine!.owns) throw conflict('You own licenses of your own: a person can be a member of one organisation only. Ask support to move your licenses first.')
    // The person's account exists once they signed in (POST /auth/login); made here if not yet.
    await tx.query('insert into accounts (oid, email) values ($1, $2) on conflict (oid) do nothing', [person.oid, person.email.toLowerCase()])
    // Only a row of their own organisation gives way: another acceptance of theirs that committed
    // after the read above (two invitations accepted at once) keeps its organisation.
    const joined = await tx.query(
      `insert into memberships (member_oid, org_oid, role) values ($1, $2, $3)
       on conflict (member_oid) do update set org_oid = $2, role = $3, granted_at = now() where memberships.org_oid = memberships.member_oid returning 1`,
      [person.oid, offer.org_oid, offer.role],
    )
    if (!joined.length) throw memberElsewhere()
    await tx.query('update invitations set accepted_at = now() where id = $1', [offer.id])
    const actor = callerActor(mine!.account, person)
    await recordOrganisationChange(tx, { organisation: offer.org_oid, kind: 'invitation-accepted', actor, actorRole: null, subjectEmail: offer.email, role: offer.role })
    await announceMembershipChange(tx)
  })
  forget()
}

/** SQL: an open invitation past its expiry, not recorded yet (the update checks it again after a lock wait). */
const expiredUnrecorded = 'accepted_at is null and revoked_at is null and expiry_recorded_at is null and expires_at <= now()'

/**
 * Records 'invitation-expired' (by nobody: time did it) for each open invitation past its 14 days,
 * once (marked in the same transaction), `jobBatch` at most in a run, for the mail worker's periodic jobs.
 */
export async function recordExpiredInvitations(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx.query<{ org_oid: string; email: string; role: Role }>(
      `update invitations set expiry_recorded_at = now() where ${expiredUnrecorded} and id in (select id from invitations where ${expiredUnrecorded} order by expires_at limit $1)
        returning org_oid, email, role`,
      [jobBatch],
    )
    for (const row of expired) await recordOrganisationChange(tx, { organisation: row.org_oid, kind: 'invitation-expired', actor: null, actorRole: null, subjectEmail: row.email, role: row.role })
    return expired.length
  })
}
