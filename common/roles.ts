import type { memberRoles } from './contract'

/** A member's role as a sentence names it. */
export const roleNames: Record<(typeof memberRoles)[number], string> = { owner: 'owner', 'billing-manager': 'billing manager', 'seat-manager': 'seat manager' }
