import type { Queryable } from '../db/database'
import type { NewActivity } from '../kernel/activity/activity-entry'
import type { Actor } from '../kernel/activity/actor'
import { recordActivity } from '../kernel/activity/record'
import type { Role } from './roles'
import { notifyMembershipsSql } from './standing'

/** A change to an organisation's members, invitations or ownership, as its activity records it. */
export interface OrganisationChange {
  organisation: string
  kind: NewActivity['kind']
  /** Who made it (null: time did, an invitation's expiry), and the role they made it in. */
  actor: Actor | null
  actorRole: Role | null
  /** The person it is about, by email. */
  subjectEmail: string | null
  /** The role it is about: granted, removed, invited to, offered. */
  role: Role | null
}

/** Records an organisation's change in the caller's transaction (server/kernel/activity/record.ts). */
export function recordOrganisationChange(tx: Queryable, change: OrganisationChange) {
  return recordActivity(tx, {
    ownerOid: change.organisation,
    kind: change.kind,
    actor: change.actor,
    actorRole: change.actorRole,
    priceId: null,
    subjectEmail: change.subjectEmail,
    seats: null,
    subscriptionId: null,
    role: change.role,
  })
}

/** Tells every instance, on commit, that memberships changed: each forgets the standings it knew. */
export async function announceMembershipChange(tx: Queryable): Promise<void> {
  await tx.query(`select ${notifyMembershipsSql}`)
}
