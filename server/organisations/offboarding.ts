import type { Queryable } from '../db/database'
import type { Actor } from '../kernel/activity/actor'
import { recordOrganisationChange } from './org-activity'
import { may, type Role } from './roles'

/** Who ends a person's standing as an owner: the change's actor and the role they made it in. */
interface Offboarding {
  organisation: string
  /** The person removed, leaving or demoted. */
  oid: string
  actor: Actor | null
  actorRole: Role | null
}

/**
 * A person who can no longer invite (removed, gone, demoted from owner) leaves no invitation of
 * theirs open (issue 48): each is revoked in the change's own transaction, and recorded as any
 * revocation is. Their links accept nothing from now on.
 */
export async function revokeInvitationsSentBy(tx: Queryable, offboarding: Offboarding): Promise<number> {
  const revoked = await tx.query<{ email: string; role: Role }>(
    `update invitations set revoked_at = now() where org_oid = $1 and invited_by_oid = $2 and accepted_at is null and revoked_at is null returning email, role`,
    [offboarding.organisation, offboarding.oid],
  )
  for (const invitation of revoked) {
    await recordOrganisationChange(tx, {
      organisation: offboarding.organisation,
      kind: 'invitation-revoked',
      actor: offboarding.actor,
      actorRole: offboarding.actorRole,
      subjectEmail: invitation.email,
      role: invitation.role,
    })
  }
  return revoked.length
}

/** Whether a person in this role (null: none) can still send invitations. */
export const invites = (role: Role | null) => may(role, 'members')
