import type { Account } from '@/common/contract'
import { answerOf, shownMessage, toldOnAnswer, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the Profile page holds: the account shown, and the notice of the last save. */
export interface ProfileHeld {
  account: Account | null
  error: string | null
  saved: boolean
}

const awaitedIn = { loadProfile: 'profile.loading', saveProfile: 'profile.saving' }

/**
 * Spec section 2's Profile: the account loads (GET), 'Update Profile' saves it (PUT) and the form
 * shows what was stored, with a confirmation or the error; a failed load offers Try again.
 */
export const profileOracle: Oracle<void, ProfileHeld> = {
  start: () => ({ state: 'profile.loading', held: { account: null, error: null, saved: false } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<ProfileHeld> = {}): Expected<ProfileHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return to(answer.actor === 'loadProfile' ? 'profile.failed' : 'profile.editing', { error: shownMessage(answer.error), saved: false })
      return to('profile.editing', { account: answer.output as Account, error: null, saved: answer.actor === 'saveProfile' })
    }
    switch (`${now.state} ${event.type}`) {
      case 'profile.failed profile.reload':
        return to('profile.loading', { error: null, saved: false })
      case 'profile.editing profile.save':
        return to('profile.saving', { error: null, saved: false })
      case 'profile.editing notice.dismiss':
        return to(now.state, { error: null, saved: false })
      default:
        return now
    }
  },
  // A saved profile reaches the session, whose user menu shows the name.
  tells: (now, event) => toldOnAnswer(event, now.state, awaitedIn, 'saveProfile', (account) => [{ to: 'session', event: { type: 'account.changed', account } }]),
}
