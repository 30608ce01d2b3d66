import { memberRoles } from '../../common/contract'

/**
 * The roles of an organisation's members and what each may do (issue 30, decision 0024). This
 * table is the one place permissions are decided: each API route names the permission it needs
 * beside its definition (server/api/permissions.ts), and the rules of the domain ask `may` here.
 */
export const roles = memberRoles
export type Role = (typeof roles)[number]

export { roleNames } from '../../common/roles'

/**
 * What a route may need:
 * - `person`: anyone signed in, for themselves (their profile, the licenses they hold, an invitation sent to them);
 * - `organisation`: any member, on their organisation (its seat counts, its members);
 * - `billing`: purchases, additional seats, upgrades, the billing portal, payment methods, invoices;
 * - `seats`: assigning and unassigning seats, seat keys, feed tokens, usage and activity;
 * - `members`: members, roles, invitations and ownership.
 */
export const permissions = {
  person: null,
  organisation: { roles: ['owner', 'billing-manager', 'seat-manager'], refusal: 'Only members of an organisation can do this.' },
  billing: { roles: ['owner', 'billing-manager'], refusal: "Only the organisation's owners and billing managers can buy licenses or open billing." },
  seats: { roles: ['owner', 'seat-manager'], refusal: "Only the organisation's owners and seat managers can manage licenses, their keys and their activity." },
  members: { roles: ['owner'], refusal: "Only the organisation's owners can manage its members." },
} as const satisfies Record<string, { roles: readonly Role[]; refusal: string } | null>

export type Permission = keyof typeof permissions

/** Whether a member in `role` (null: no organisation) holds the permission. */
export function may(role: Role | null, permission: Permission): boolean {
  const rule = permissions[permission]
  return rule === null || (role !== null && (rule.roles as readonly Role[]).includes(role))
}
