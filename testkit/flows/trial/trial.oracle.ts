import type { Trial } from '@/common/billing-contract'
import { answerOf, shownMessage, toldOnAnswer, type Expected, type Oracle } from '@/testkit/model/oracle'

/** What the trial holds: the trial as last answered, and the failure shown. */
export interface TrialHeld {
  trial: Trial | null
  error: string | null
}

const at = 'trial'
const awaitedIn = { startTrial: `${at}.starting`, extendTrial: `${at}.extending` }

/**
 * Issue 49's trial without a card, on My Licenses: a person with no licenses starts a 30-day
 * Commercial Plus trial, one request per press; the answer says when it ends, and the account's new
 * standing reaches the session. The trial is extended once by 14 days, from its card (whether it
 * was started now or found on the page): then it says the new end and offers no more. A refusal or
 * failure is said in words and the page stays as it was, so the person may try again.
 */
export const trialOracle: Oracle<object, TrialHeld> = {
  start: () => ({ state: `${at}.idle`, held: { trial: null, error: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<TrialHeld> = {}): Expected<TrialHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      // A failed start leaves the page with no trial; a failed extension, the trial as it was.
      if (!answer.done) return to(answer.actor === 'startTrial' ? `${at}.idle` : `${at}.running`, { error: shownMessage(answer.error) })
      return to(answer.actor === 'startTrial' ? `${at}.running` : `${at}.extended`, { trial: answer.output as Trial, error: null })
    }
    switch (`${now.state} ${event.type}`) {
      case `${at}.idle trial.start`:
        return to(`${at}.starting`, { error: null })
      case `${at}.idle trial.extend`:
        return to(`${at}.extending`, { error: null })
      case `${at}.running trial.extend`:
        return to(`${at}.extending`, { error: null })
      default:
        return now
    }
  },
  // Once started, the account's new standing (Commercial Plus, a billing account) reaches the session.
  tells: (now, event) => toldOnAnswer(event, now.state, awaitedIn, 'startTrial', (trial) => [{ to: 'session', event: { type: 'account.changed', account: (trial as Trial).account } }]),
}
