import type { EventObject } from 'xstate'
import type { Account, License } from '@/common/contract'
import type { Organisation } from '@/common/organisation-contract'
import { answerOf, leavesOf, shownMessage, type Expected, type Oracle, type State } from '@/testkit/model/oracle'

// The words this reference reads, declared here (it shares no type with the machine).
/** Who signed in, as the identity provider's token names them. */
type SignInIdentity = { firstName: string; lastName: string; email: string; oid: string }
/** My Licenses' first page, asked beside the account: not asked, on its way, its cards, or why it failed. */
type FirstLicensesHeld = { licenses: License[] } | { error: string } | 'loading' | null

/** What the session holds: who signed in, their account and their organisation once loaded, and My Licenses' first page until it is taken. */
export interface SessionHeld {
  identity: SignInIdentity
  account: Account | null
  organisation: Organisation | null
  firstLicenses: FirstLicensesHeld
}

const loading = 'session.loading'
const parts = { loadAccount: 'account', loadOrganisation: 'organisation' } as const

/** My Licenses' first page: kept when it comes while awaited, whatever the area is doing; a failure is kept for the page to show. */
function firstPageAfter(now: Expected<SessionHeld, State>, event: EventObject): Expected<SessionHeld, State> {
  const [, outcome] = /^xstate\.(done|error)\.actor\.loadLicenses$/.exec(event.type) ?? []
  if (now.held.firstLicenses !== 'loading') return now
  const { output, error } = event as EventObject & { output?: License[]; error?: unknown }
  return { state: now.state, held: { ...now.held, firstLicenses: outcome === 'done' ? { licenses: output! } : { error: shownMessage(error) } } }
}

/**
 * Spec section 4: the signed-in account is loaded on start; on failure the user goes to '/'. Issue
 * 30: the caller's organisation and role load beside it, and the area shows once both came; either
 * failing sends the user to '/'. Issue 43: when the area opens on My Licenses, its first page loads
 * beside them too, for the page to take; the area does not wait for it, and its failure is the
 * page's to show, not the session's. The Profile page's saves change the account the rest of the
 * area shows; a page that changes the caller's standing changes the organisation it shows; My
 * Licenses takes the first page once.
 */
export const sessionOracle: Oracle<{ identity: SignInIdentity; opensOnLicenses?: boolean }, SessionHeld, State> = {
  start: ({ identity, opensOnLicenses }) => ({
    state: [`${loading}.account.loading`, `${loading}.organisation.loading`, `${loading}.licenses.${opensOnLicenses ? 'asked' : 'notNeeded'}`],
    held: { identity, account: null, organisation: null, firstLicenses: opensOnLicenses ? 'loading' : null },
  }),
  after: (now, event) => {
    if (/^xstate\.(done|error)\.actor\.loadLicenses$/.test(event.type)) return firstPageAfter(now, event)
    const answer = answerOf(event, now.state, { loadAccount: `${loading}.account.loading`, loadOrganisation: `${loading}.organisation.loading` })
    if (answer) {
      if (!answer.awaited) return now
      // The area is left: nothing awaits My Licenses' first page.
      if (!answer.done) return { state: 'session.failed', held: { ...now.held, firstLicenses: null } }
      const part = parts[answer.actor as keyof typeof parts]
      const held = { ...now.held, [part]: answer.output }
      const leaves = leavesOf(now.state).map((leaf) => (leaf === `${loading}.${part}.loading` ? `${loading}.${part}.loaded` : leaf))
      // Both came: the area shows (the first page's region is done once it is asked for).
      return { state: leaves.every((leaf) => !leaf.endsWith('.loading')) ? 'session.ready' : leaves, held }
    }
    if (now.state !== 'session.ready') return now
    const changed = event as EventObject & { account?: Account; organisation?: Organisation }
    if (event.type === 'account.changed') return { state: now.state, held: { ...now.held, account: changed.account! } } satisfies Expected<SessionHeld, State>
    if (event.type === 'organisation.changed') return { state: now.state, held: { ...now.held, organisation: changed.organisation! } }
    if (event.type === 'licenses.taken') return { state: now.state, held: { ...now.held, firstLicenses: null } }
    return now
  },
}
