import type { Account } from '@/common/contract'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the Profile page holds: the account shown, and the notice of the last save. */
export interface ProfileHeld {
  account: Account | null
  error: string | null
  saved: boolean
}

/** Where the Profile page stands, in spec section 2's words. */
const said = { loading: 'the profile loading', failed: 'the profile not loaded', shown: 'the profile in its form', saving: 'the profile being updated' } as const
/** The states of machines/profile.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.loading]: 'profile.loading',
  [said.failed]: 'profile.failed',
  [said.shown]: 'profile.editing',
  [said.saving]: 'profile.saving',
} satisfies Relation
const awaitedIn = { loadProfile: said.loading, saveProfile: said.saving }

/**
 * Spec section 2's Profile: the account loads (GET), 'Update Profile' saves it (PUT) and the form
 * shows what was stored, with a confirmation or the error; a failed load offers Try again.
 */
export const profileOracle: Oracle<void, ProfileHeld> = {
  relation,
  start: () => ({ state: said.loading, held: { account: null, error: null, saved: false } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<ProfileHeld> = {}): Expected<ProfileHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(answer.actor === 'loadProfile' ? said.failed : said.shown, { error: shownMessage(answer.error), saved: false })
      return to(said.shown, { account: answer.output as Account, error: null, saved: answer.actor === 'saveProfile' })
    }
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} profile.reload`:
        return to(said.loading, { error: null, saved: false })
      case `${said.shown} profile.save`:
        return to(said.saving, { error: null, saved: false })
      case `${said.shown} notice.dismiss`:
        return to(now.state, { error: null, saved: false })
      default:
        return now
    }
  },
  // A saved profile reaches the session, whose user menu shows the name.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'saveProfile', (account) => [{ to: 'session', event: { type: 'account.changed', account } }]),
}
