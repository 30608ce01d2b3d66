import type { EventObject } from 'xstate'
import type { Account, License } from '../../common/contract'
import type { Organisation } from '../../common/organisation-contract'
import type { FirstLicenses, SignInIdentity } from '../../machines/session.machine'
import { answerOf, leavesOf, shownMessage, type Expected, type Oracle, type State } from './oracle'

/** What the session holds: who signed in, their account and their organisation once loaded, and My Licenses' first page until it is taken. */
export interface SessionHeld {
  identity: SignInIdentity
  account: Account | null
  organisation: Organisation | null
  firstLicenses: FirstLicenses | null
}

const loading = 'session.loading'
const awaited = { loadAccount: `${loading}.account.loading`, loadOrganisation: `${loading}.organisation.loading`, loadLicenses: `${loading}.licenses.loading` } as const
const parts = { loadAccount: 'account', loadOrganisation: 'organisation', loadLicenses: 'licenses' } as const
/** What each part keeps of its answer. */
const kept = {
  loadAccount: (output: unknown) => ({ account: output as Account }),
  loadOrganisation: (output: unknown) => ({ organisation: output as Organisation }),
  loadLicenses: (output: unknown) => ({ firstLicenses: { licenses: output as License[] } }),
}
const came = (leaf: string) => leaf.endsWith('.loaded') || leaf.endsWith('.notNeeded')

/**
 * Spec section 4: the signed-in account is loaded on start; on failure the user goes to '/'. Issue
 * 30: the caller's organisation and role load beside it, and the area shows once both came; either
 * failing sends the user to '/'. Issue 43: when the area opens on My Licenses, its first page loads
 * beside them too, and the area waits for it; its failure is the page's to show, not the session's.
 * The Profile page's saves change the account the rest of the area shows; a page that changes the
 * caller's standing changes the organisation it shows; My Licenses takes the first page once.
 */
export const sessionOracle: Oracle<{ identity: SignInIdentity; opensOnLicenses?: boolean }, SessionHeld, State> = {
  start: ({ identity, opensOnLicenses }) => ({
    state: [`${loading}.account.loading`, `${loading}.organisation.loading`, `${loading}.licenses.${opensOnLicenses ? 'loading' : 'notNeeded'}`],
    held: { identity, account: null, organisation: null, firstLicenses: null },
  }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaited)
    if (answer) {
      if (!answer.awaited) return now
      const actor = answer.actor as keyof typeof parts
      if (!answer.done && actor !== 'loadLicenses') return { state: 'session.failed', held: now.held }
      const held = { ...now.held, ...(answer.done ? kept[actor](answer.output) : { firstLicenses: { error: shownMessage(answer.error) } }) }
      const leaves = leavesOf(now.state).map((leaf) => (leaf === awaited[actor] ? `${loading}.${parts[actor]}.loaded` : leaf))
      // All came: the area shows.
      return { state: leaves.every(came) ? 'session.ready' : leaves, held }
    }
    if (now.state !== 'session.ready') return now
    const changed = event as EventObject & { account?: Account; organisation?: Organisation }
    if (event.type === 'account.changed') return { state: now.state, held: { ...now.held, account: changed.account! } } satisfies Expected<SessionHeld, State>
    if (event.type === 'organisation.changed') return { state: now.state, held: { ...now.held, organisation: changed.organisation! } }
    if (event.type === 'licenses.taken') return { state: now.state, held: { ...now.held, firstLicenses: null } }
    return now
  },
}
