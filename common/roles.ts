import type { MemberRole as Role } from './contract'

/** A member's role as a sentence names it. */
export const roleNames: Record<Role, string> = { owner: 'owner', 'billing-manager': 'billing manager', 'seat-manager': 'seat manager' }
/** A member's role as a list or a choice shows it. */
export const roleLabels: Record<Role, string> = { owner: 'Owner', 'billing-manager': 'Billing manager', 'seat-manager': 'Seat manager' }
/** What each role may do, as a choice of role explains it. */
export const roleDuties: Record<Role, string> = {
  owner: 'Everything, members and roles included.',
  'billing-manager': 'Buys licenses and upgrades, opens billing and invoices; no seats, no keys.',
  'seat-manager': 'Assigns and unassigns licenses, rotates their keys, sees usage and activity; no buying or billing.',
}

/**
 * What a route may need, and who holds it (issue 30, decision 0024). The API decides every
 * permission from this table (server/organisations/roles.ts); the SPA shows a page or a button
 * only where the same table says the caller may use it.
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
