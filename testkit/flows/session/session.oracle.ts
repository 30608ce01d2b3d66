import type { EventObject } from 'xstate'
import type { Account } from '../../../common/contract'
import type { Organisation } from '../../../common/organisation-contract'
import type { SignInIdentity } from '../../../machines/session.machine'
import { answerOf, leavesOf, type Expected, type Oracle, type State } from '../../model/oracle'

/** What the session holds: who signed in, their account and their organisation once loaded. */
export interface SessionHeld {
  identity: SignInIdentity
  account: Account | null
  organisation: Organisation | null
}

const loading = 'session.loading'
const parts = { loadAccount: 'account', loadOrganisation: 'organisation' } as const

/**
 * Spec section 4: the signed-in account is loaded on start; on failure the user goes to '/'. Issue
 * 30: the caller's organisation and role load beside it, and the area shows once both came; either
 * failing sends the user to '/'. The Profile page's saves change the account the rest of the area
 * shows; a page that changes the caller's standing changes the organisation it shows.
 */
export const sessionOracle: Oracle<{ identity: SignInIdentity }, SessionHeld, State> = {
  start: ({ identity }) => ({ state: [`${loading}.account.loading`, `${loading}.organisation.loading`], held: { identity, account: null, organisation: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { loadAccount: `${loading}.account.loading`, loadOrganisation: `${loading}.organisation.loading` })
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return { state: 'session.failed', held: now.held }
      const part = parts[answer.actor as keyof typeof parts]
      const held = { ...now.held, [part]: answer.output }
      const leaves = leavesOf(now.state).map((leaf) => (leaf === `${loading}.${part}.loading` ? `${loading}.${part}.loaded` : leaf))
      // Both came: the area shows.
      return { state: leaves.every((leaf) => leaf.endsWith('.loaded')) ? 'session.ready' : leaves, held }
    }
    if (now.state !== 'session.ready') return now
    const changed = event as EventObject & { account?: Account; organisation?: Organisation }
    if (event.type === 'account.changed') return { state: now.state, held: { ...now.held, account: changed.account! } } satisfies Expected<SessionHeld, State>
    if (event.type === 'organisation.changed') return { state: now.state, held: { ...now.held, organisation: changed.organisation! } }
    return now
  },
}
