import { assign, enqueueActions, setup } from 'xstate'
import type { AssignedLicense } from '../common/contract'
import type { MailOutcome, SeatMailResent } from '../common/organisation-contract'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/** What the notice says of a mail sent again, by what the caps made of it (decision 0024). */
export function resentNotice(email: string, mail: MailOutcome): string {
  switch (mail) {
    case 'queued':
      return `The assignment email was sent again to ${email}.`
    case 'replaced':
      return `The assignment email to ${email} was still waiting to go out: this one goes in its place.`
    case 'deferred':
      return `${email} had an email from your organisation today: this one goes out tomorrow.`
    case 'dropped':
      return 'Your organisation has sent all its emails for today: this one was not sent. Send it again tomorrow.'
  }
}

/** Recent activity on the same page, when the caller sees it. */
type ActivityAddressee = Addressee<{ type: 'activity.refresh' }>

/**
 * A pending seat's mail (issue 30): a seat assigned to an email is 'Pending' in Manage Licenses
 * until its holder first signs in; 'Resend' sends the assignment mail again, which the caps may put
 * off or drop, and the notice says which.
 */
export const assignmentMailMachine = setup({
  types: {
    context: {} as { seat: AssignedLicense | null; notice: string | null; error: string | null; activity?: ActivityAddressee },
    input: {} as { activity?: ActivityAddressee },
    events: {} as { type: 'mail.resend'; license: AssignedLicense } | { type: 'notice.dismiss' },
  },
  actors: {
    resendSeatMail: notProvided<SeatMailResent, { licenseId: string }>('resendSeatMail'),
  },
  actions: {
    pickSeat: assign({ seat: (_, params: { license: AssignedLicense }) => params.license, notice: null, error: null }),
    noteResent: assign({ notice: ({ context }, params: { resent: SeatMailResent }) => resentNotice(context.seat!.email, params.resent.mail), seat: null }),
    showError: assign({ error: (_, params: { message: string }) => params.message, seat: null }),
    dismissNotice: assign({ notice: null, error: null }),
    /** A mail put off or dropped is a line in the activity: Recent activity shows its newest page again. */
    mailResent: enqueueActions(({ context, enqueue }) => {
      if (context.activity) enqueue.sendTo(context.activity, { type: 'activity.refresh' })
    }),
  },
  guards: {
    isPending: (_, params: { license: AssignedLicense }) => params.license.pending === true,
    // Dismiss is on the notice or the message, when one shows.
    saysSomething: ({ context }) => context.notice !== null || context.error !== null,
  },
}).createMachine({
  id: 'assignmentMail',
  context: ({ input }) => ({ seat: null, notice: null, error: null, ...input }),
  initial: 'idle',
  states: {
    idle: {
      description: "'Resend' on each pending seat; what the last one came to (sent, put off to tomorrow, dropped) or why it was refused.",
      on: {
        'mail.resend': {
          guard: { type: 'isPending', params: ({ event }) => ({ license: event.license }) },
          target: 'sending',
          actions: { type: 'pickSeat', params: ({ event }) => ({ license: event.license }) },
        },
        'notice.dismiss': { guard: 'saysSomething', actions: 'dismissNotice' },
      },
    },
    sending: {
      description: "The seat's 'Resend' shows progress; the others wait.",
      invoke: {
        id: 'resendSeatMail',
        src: 'resendSeatMail',
        input: ({ context }) => ({ licenseId: context.seat!.id }),
        onDone: { target: 'idle', actions: [{ type: 'noteResent', params: ({ event }) => ({ resent: event.output }) }, 'mailResent'] },
        onError: showErrorIn('idle'),
      },
    },
  },
})
