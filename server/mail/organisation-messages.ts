import { nameCharacters, type MemberRole as Role } from '@/common/contract'
import { roleNames } from '@/common/roles'
import { composeMail, type OutgoingMail, type Person } from './compose'
import { supportAddress } from './settings'

/**
 * How a message names the person who caused it: their name when it is one (letters, marks, spaces
 * and . ' -), with their address; else the address alone. Nothing a customer typed goes in a subject.
 */
export function named(person: Person): string {
  const name = `${person.firstName} ${person.lastName}`.trim()
  return name && nameCharacters.test(name) ? `${name} (${person.email})` : person.email
}

const withArticle = (role: Role) => `${role === 'owner' ? 'an' : 'a'} ${roleNames[role]}`

/** What each role may do, for the invitation. */
const roleDuties: Record<Role, string> = {
  owner: 'As an owner you can do everything: buy and assign licenses, open billing, and manage the members and their roles.',
  'billing-manager': 'As a billing manager you can buy licenses and additional seats, upgrade, and open billing: payment methods and invoices.',
  'seat-manager': 'As a seat manager you can assign and unassign licenses, rotate their keys, and see their use and activity.',
}

/** To someone invited to an organisation: who invited them, the role, and the link to accept once signed in. */
export function invitationMail(facts: { to: string; inviter: Person; role: Role; link: string; days: number }): OutgoingMail {
  return composeMail(facts.to, 'An invitation to manage Prism licenses', [
    ['Hello,'],
    [`${named(facts.inviter)} invites you to manage their organisation's Prism licenses as ${withArticle(facts.role)}.`],
    [roleDuties[facts.role]],
    ['To accept, open ', { href: facts.link }, ` and sign in with this email address, ${facts.to} (or sign up with it). The link works for ${facts.days} days and only for this address.`],
    [`Not expecting this? Ignore it: nothing happens unless you accept. Questions? Write to ${supportAddress}. — The Prism team`],
  ])
}
