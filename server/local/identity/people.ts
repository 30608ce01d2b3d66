import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DemoPerson, IdentityProviderName } from '../demo-accounts'

export interface Person {
  oid: string
  email: string
  firstName: string
  lastName: string
  provider: IdentityProviderName
  /** Whether the tenant vouches for the email (`email_verified`); demo people and sign-ups are verified unless said otherwise. */
  emailVerified?: boolean
}

/** The `idp` claim B2C sets for each social identity provider. */
export const idpClaim: Record<IdentityProviderName, string> = { Microsoft: 'live.com', Google: 'google.com', GitHub: 'github.com' }

/** A stable object id for an email, so signing up twice as the same person gives the same oid. */
export function oidForEmail(email: string): string {
  const hex = createHash('sha1').update(`prism-local-idp:${email.trim().toLowerCase()}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`
}

/**
 * Everyone who can sign in: the demo people, and people who signed up here (kept in the local
 * folder so they can sign in again after a restart).
 */
export function createPeopleDirectory(demoPeople: readonly DemoPerson[], localDir: string) {
  const path = join(localDir, 'identity-people.json')
  const signedUp = new Map<string, Person>(existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Person[]).map((person) => [person.oid, person]) : [])
  const demo = new Map(demoPeople.map((person) => [person.oid, person]))

  return {
    demoPeople,
    find(oid: string): Person | undefined {
      return demo.get(oid) ?? signedUp.get(oid)
    },
    /**
     * Signs up a new person, or finds the one already known by that email and identity provider.
     * As in B2C without account linking, the same email through another provider (Google after
     * GitHub) is another identity, with an oid of its own: the token carries the same email.
     */
    signUp(person: Omit<Person, 'oid'>): Person {
      const email = person.email.trim().toLowerCase()
      const known = [...demo.values(), ...signedUp.values()].filter((other) => other.email.toLowerCase() === email)
      const existing = known.find((other) => other.provider === person.provider)
      if (existing) return existing
      const oid = known.length === 0 ? oidForEmail(email) : oidForEmail(`${person.provider}:${email}`)
      const created: Person = { ...person, email, firstName: person.firstName.trim(), lastName: person.lastName.trim(), oid }
      signedUp.set(created.oid, created)
      mkdirSync(localDir, { recursive: true })
      writeFileSync(path, JSON.stringify([...signedUp.values()], null, 2))
      return created
    },
    findByEmail(email: string): Person | undefined {
      const wanted = email.trim().toLowerCase()
      return [...demo.values(), ...signedUp.values()].find((known) => known.email.toLowerCase() === wanted)
    },
  }
}

export type PeopleDirectory = ReturnType<typeof createPeopleDirectory>
