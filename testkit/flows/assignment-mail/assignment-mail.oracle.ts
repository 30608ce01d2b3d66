import type { EventObject } from 'xstate'
import type { AssignedLicense } from '@/common/contract'
import type { SeatMailResent } from '@/common/organisation-contract'
import { answerOf, shownMessage, onAnswer, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What a person notices of a mail sent again: the seat it is for, what became of it, or why not. */
export interface AssignmentMailHeld {
  seat: AssignedLicense | null
  notice: string | null
  error: string | null
}

/** Where a mail sent again stands, in issue 30's words. */
const said = { ready: 'a pending seat’s mail may be sent again', sending: 'the mail being sent again' } as const
const m = 'assignmentMail'
/** The states of machines/assignment-mail.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = { [said.ready]: `${m}.idle`, [said.sending]: `${m}.sending` } satisfies Relation

/** Decision 0024's caps, as the owner reads them: sent, in place of one still waiting, tomorrow, or not at all today. */
const noticeFor = (email: string, mail: SeatMailResent['mail']) =>
  ({
    queued: `The assignment email was sent again to ${email}.`,
    replaced: `The assignment email to ${email} was still waiting to go out: this one goes in its place.`,
    deferred: `${email} had an email from your organisation today: this one goes out tomorrow.`,
    dropped: 'Your organisation has sent all its emails for today: this one was not sent. Send it again tomorrow.',
  })[mail]

/**
 * Issue 30: a seat assigned to an email is pending until its holder first signs in, and only then
 * can its mail be sent again, one at a time; the notice says what the caps made of it, a refusal
 * (the holder signed in meanwhile) says why.
 */
export const assignmentMailOracle: Oracle<void, AssignmentMailHeld> = {
  relation,
  start: () => ({ state: said.ready, held: { seat: null, notice: null, error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { resendSeatMail: said.sending })
    if (answer) {
      if (!answer.awaited) return now
      if (!answer.done) return { state: said.ready, held: { ...now.held, seat: null, error: shownMessage(answer.error) } }
      return { state: said.ready, held: { ...now.held, seat: null, notice: noticeFor(now.held.seat!.email, (answer.output as SeatMailResent).mail) } }
    }
    if (now.state !== said.ready) return now
    const { license } = event as EventObject & { license?: AssignedLicense }
    if (event.type === 'mail.resend' && license?.pending) return { state: said.sending, held: { seat: license, notice: null, error: null } }
    // Dismiss closes the notice or the message that shows.
    if (event.type === 'notice.dismiss' && (now.held.notice || now.held.error)) return { state: now.state, held: { ...now.held, notice: null, error: null } }
    return now
  },
  // A mail sent again, put off or dropped is a line of Recent activity, which shows its newest page again.
  tells: (now, event) => onAnswer(event, now.state, { resendSeatMail: said.sending }, 'resendSeatMail', () => [{ to: 'activity', event: { type: 'activity.refresh' } }]),
}
