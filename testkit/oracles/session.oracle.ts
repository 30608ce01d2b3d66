import type { EventObject } from 'xstate'
import type { Account } from '../../common/contract'
import type { SignInIdentity } from '../../machines/session.machine'
import { answerOf, type Oracle } from './oracle'

/** What the session holds: who signed in, and their account once loaded. */
export interface SessionHeld {
  identity: SignInIdentity
  account: Account | null
}

/**
 * Spec section 4: the signed-in account is loaded on start; on failure the user goes to '/'. The
 * Profile page's saves change the account the rest of the area shows.
 */
export const sessionOracle: Oracle<{ identity: SignInIdentity }, SessionHeld> = {
  start: ({ identity }) => ({ state: 'session.loading', held: { identity, account: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { loadAccount: 'session.loading' })
    if (answer) {
      if (!answer.awaited) return now
      return answer.done ? { state: 'session.ready', held: { ...now.held, account: answer.output as Account } } : { state: 'session.failed', held: now.held }
    }
    if (now.state === 'session.ready' && event.type === 'account.changed') return { state: now.state, held: { ...now.held, account: (event as EventObject & { account: Account }).account } }
    return now
  },
}
