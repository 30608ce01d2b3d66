import type { TransferRequest } from '@/common/organisation-contract'
import type { Database } from '../db/database'
import type { Actor } from '../kernel/activity/actor'
import { conflict, invalid, notFound } from '../kernel/refusal'
import { lockMembers, type MemberRow } from './members'
import { invites, revokeInvitationsSentBy } from './offboarding'
import { announceMembershipChange, recordOrganisationChange } from './org-activity'
import type { Role } from './roles'

/** Who acts on an organisation's ownership, and in which role. */
interface By {
  organisation: string
  oid: string
}

interface TransferRow {
  from_oid: string
  to_oid: string
  former_owner_becomes: Role | null
}

const noOffer = () => notFound('The offer of ownership')

/**
 * An owner offers their ownership to another member, who must accept it before it takes effect
 * (acceptTransfer). One offer waits at a time in an organisation.
 */
export async function offerTransfer(db: Database, by: By, request: TransferRequest): Promise<void> {
  if (request.to === by.oid) throw invalid('You are an owner already: choose another member.')
  await db.transaction(async (tx) => {
    const { members, actor, role } = await lockMembers(tx, by.organisation, by.oid, 'members')
    const to = members.find((member) => member.oid === request.to)
    if (!to) throw notFound('The member')
    const [waiting] = await tx.query('select 1 from ownership_transfers where org_oid = $1', [by.organisation])
    if (waiting) throw conflict('An offer of ownership is waiting already: withdraw it before you make another.')
    await tx.query('insert into ownership_transfers (org_oid, from_oid, to_oid, former_owner_becomes) values ($1, $2, $3, $4)', [by.organisation, by.oid, to.oid, request.formerOwnerBecomes])
    await recordOrganisationChange(tx, { organisation: by.organisation, kind: 'ownership-offered', actor: actor as Actor, actorRole: role, subjectEmail: to.email, role: 'owner' })
  })
}

/** An owner withdraws the offer waiting; or its member declines it. */
export async function endTransfer(db: Database, by: By, how: 'withdraw' | 'decline'): Promise<void> {
  await db.transaction(async (tx) => {
    // Its owners withdraw an offer; the member it names declines it.
    const { members, actor, role } = await lockMembers(tx, by.organisation, by.oid, how === 'withdraw' ? 'members' : 'organisation')
    const [offer] = await tx.query<TransferRow>('delete from ownership_transfers where org_oid = $1 returning from_oid, to_oid, former_owner_becomes', [by.organisation])
    if (!offer || (how === 'decline' && offer.to_oid !== by.oid)) throw noOffer()
    const other = members.find((member) => member.oid === (how === 'decline' ? offer.from_oid : offer.to_oid))
    const kind = how === 'decline' ? 'ownership-declined' : 'ownership-withdrawn'
    await recordOrganisationChange(tx, { organisation: by.organisation, kind, actor, actorRole: role, subjectEmail: other?.email ?? null, role: 'owner' })
  })
}

/**
 * The member the offer names accepts it: they become an owner, and the owner who offered it takes
 * the role they chose (or leaves), in one transaction. An offer whose owner is no longer one is void.
 */
export async function acceptTransfer(db: Database, by: By, forget: () => void): Promise<void> {
  await db.transaction(async (tx) => {
    const { members, actor, role } = await lockMembers(tx, by.organisation, by.oid, 'organisation')
    const [offer] = await tx.query<TransferRow>('select from_oid, to_oid, former_owner_becomes from ownership_transfers where org_oid = $1 for update', [by.organisation])
    if (!offer || offer.to_oid !== by.oid) throw noOffer()
    const from: MemberRow | undefined = members.find((member) => member.oid === offer.from_oid)
    if (from?.role !== 'owner') {
      await tx.query('delete from ownership_transfers where org_oid = $1', [by.organisation])
      throw conflict('This offer of ownership is void: the member who made it is no longer an owner.')
    }
    await tx.query("update memberships set role = 'owner' where member_oid = $1", [by.oid])
    if (offer.former_owner_becomes) await tx.query('update memberships set role = $2 where member_oid = $1', [from.oid, offer.former_owner_becomes])
    else await tx.query('delete from memberships where member_oid = $1', [from.oid])
    await tx.query('delete from ownership_transfers where org_oid = $1', [by.organisation])
    await recordOrganisationChange(tx, { organisation: by.organisation, kind: 'ownership-transferred', actor, actorRole: role, subjectEmail: from.email, role: 'owner' })
    // The former owner can no longer invite (unless they stay an owner, which no offer lets them).
    if (!invites(offer.former_owner_becomes)) await revokeInvitationsSentBy(tx, { organisation: by.organisation, oid: from.oid, actor, actorRole: role })
    await announceMembershipChange(tx)
  })
  forget()
}
