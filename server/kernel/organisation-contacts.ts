import { permissions } from '@/common/roles'
import type { Person } from '../mail/compose'

/**
 * Whom an organisation's mail goes to: `billing` (purchases, renewals, failed payments, the
 * reminders before a renewal or an end) to its owners and billing managers; `seats` (a feed token's
 * expiry) to its owners and seat managers. They are its members in those roles, earliest first; in a
 * personal organisation (no member rows), its founder. The founder's account as such is no one's
 * contact: a founder who left, was removed or handed over ownership hears no more of it (issue 48,
 * decision 0039).
 */
export type Contacts = 'billing' | 'seats'

const personJson = `json_build_object('email', a.email, 'firstName', a.first_name, 'lastName', a.last_name)`

/** SQL: the contacts of the organisation keyed by `organisation` (an SQL expression), as a JSON array of people (empty: none). */
export function contactsSql(organisation: string, contacts: Contacts): string {
  const roles = permissions[contacts].roles.map((role) => `'${role}'`).join(', ')
  return `coalesce(
    (select json_agg(${personJson} order by m.granted_at, m.member_oid) from memberships m join accounts a on a.oid = m.member_oid
      where m.org_oid = ${organisation} and m.role in (${roles})),
    (select json_agg(${personJson}) from accounts a where a.oid = ${organisation} and not exists (select 1 from memberships o where o.org_oid = ${organisation})),
    '[]'::json)`
}

/** The people of a contactsSql column (a driver may hand JSON over as text). */
export const contactsOf = (column: Person[] | string | null | undefined): Person[] => (typeof column === 'string' ? (JSON.parse(column) as Person[]) : (column ?? []))
