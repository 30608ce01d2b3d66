import { memberRoles } from '@/common/contract'

/**
 * The roles of an organisation's members and what each may do (issue 30, decision 0024). One
 * table (common/roles.ts) is the one place permissions are decided: each API route names the
 * permission it needs beside its definition (server/api/permissions.ts), the rules of the domain
 * ask `may` here, and the SPA shows what the same table allows.
 */
export const roles = memberRoles
export type Role = (typeof roles)[number]

export { may, permissions, roleNames, type Permission } from '@/common/roles'
