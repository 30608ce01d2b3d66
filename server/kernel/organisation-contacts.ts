import { permissions } from '@/common/roles'
import type { Person } from '../mail/compose'

/**
 * Whom an organisation's mail goes to: `billing` (purchases, renewals, failed payments, the
 * reminders before a renewal or an end) to its owners and billing managers; `seats` (a feed token's
 * expiry) to its owners and seat managers; `members` (a feed token's possible leak) to its owners. They are its members in those roles, earliest first; in a
 * personal organisation (no member rows), its founder. The founder's account as such is no one's
 * contact: a founder who left, was removed or handed over ownership hears no more of it (issue 48,
 * decision 0041).
 */
export type Contacts = 'billing' | 'seats' | 'members'

// The subqueries' own aliases (ca, cm, anyone) are none a caller's `organisation` expression names.

const personJson = `json_build_object('email', ca.email, 'firstName', ca.first_name, 'lastName', ca.last_name)`

/** SQL: the contacts of the organisation keyed by `organisation` (an SQL expression), as a JSON array of people (empty: none). */
export function contactsSql(organisation: string, contacts: Contacts): string {
  const roles = permissions[contacts].roles.map((role) => `'${role}'`).join(', ')
  return `coalesce(
    (select json_agg(${personJson} order by cm.granted_at, cm.member_oid) from memberships cm join accounts ca on ca.oid = cm.member_oid
      where cm.org_oid = ${organisation} and cm.role in (${roles})),
    (select json_agg(${personJson}) from accounts ca where ca.oid = ${organisation} and not exists (select 1 from memberships anyone where anyone.org_oid = ${organisation})),
    '[]'::json)`
}

/** The people of a contactsSql column (a driver may hand JSON over as text). */
export const contactsOf = (column: Person[] | string | null | undefined): Person[] => (typeof column === 'string' ? (JSON.parse(column) as Person[]) : (column ?? []))

/**
 * SQL: the organisation's billing contact, one row (oid, email, first_name, last_name,
 * company_name): its earliest owner; in a personal organisation, its founder. The Stripe customer
 * carries its email, and the organisation is named by its company name (else its email).
 */
export const billingContactSql = (organisation: string) =>
  `select contact.oid, contact.email, contact.first_name, contact.last_name, contact.company_name from (
     select ca.*, cm.granted_at as since, cm.member_oid as tie from memberships cm join accounts ca on ca.oid = cm.member_oid where cm.org_oid = ${organisation} and cm.role = 'owner'
     union all
     select ca.*, null, null from accounts ca where ca.oid = ${organisation} and not exists (select 1 from memberships anyone where anyone.org_oid = ${organisation})
   ) contact order by contact.since nulls first, contact.tie limit 1`
