import type { Trial } from '@/common/billing-contract'
import { answerOf, shownMessage, onAnswer, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the trial holds: the trial as last answered, and the failure shown. */
export interface TrialHeld {
  trial: Trial | null
  error: string | null
}

/** Where the trial stands on My Licenses, in issue 49's words. */
const said = {
  offered: 'the trial card, nothing asked yet',
  starting: 'the trial being started',
  running: 'the trial started, its extension offered',
  extending: 'the trial being extended',
  extended: 'the trial extended, no more offered',
} as const
const m = 'trial'
/** The states of machines/trial.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.offered]: `${m}.idle`,
  [said.starting]: `${m}.starting`,
  [said.running]: `${m}.running`,
  [said.extending]: `${m}.extending`,
  [said.extended]: `${m}.extended`,
} satisfies Relation
const awaitedIn = { startTrial: said.starting, extendTrial: said.extending }

/**
 * Issue 49's trial without a card, on My Licenses: a person with no licenses starts a 30-day
 * Commercial Plus trial, one request per press; the answer says when it ends, and the account's new
 * standing reaches the session. The trial is extended once by 14 days, from its card (whether it
 * was started now or found on the page): then it says the new end and offers no more. A refusal or
 * failure is said in words and the page stays as it was, so the person may try again.
 */
export const trialOracle: Oracle<object, TrialHeld> = {
  relation,
  start: () => ({ state: said.offered, held: { trial: null, error: null } }),
  after: (now, event) => {
    const to = (state: string, changes: Partial<TrialHeld> = {}): Expected<TrialHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      // A failed start leaves the page with no trial; a failed extension, the trial as it was.
      if (!answer.done) return to(answer.actor === 'startTrial' ? said.offered : said.running, { error: shownMessage(answer.error) })
      return to(answer.actor === 'startTrial' ? said.running : said.extended, { trial: answer.output as Trial, error: null })
    }
    switch (`${now.state} ${event.type}`) {
      case `${said.offered} trial.start`:
        return to(said.starting, { error: null })
      case `${said.offered} trial.extend`:
        return to(said.extending, { error: null })
      case `${said.running} trial.extend`:
        return to(said.extending, { error: null })
      default:
        return now
    }
  },
  // Once started, the account's new standing (Commercial Plus, a billing account) reaches the session.
  tells: (now, event) => onAnswer(event, now.state, awaitedIn, 'startTrial', (trial) => [{ to: 'session', event: { type: 'account.changed', account: (trial as Trial).account } }]),
}
