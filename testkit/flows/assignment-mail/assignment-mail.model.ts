/** Model of the assignment mail machine for generated paths: tests, the path catalogue and coverage. */
import { assignmentMailMachine } from '@/machines/assignment-mail.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { newSeat, ownSeat } from '../manage-licenses/manage-licenses.fixtures'

export const signedInAlready = 'ada@example.com has signed in already: the license is theirs, and there is nothing to send again.'

export const fixtures: ActorFixtures<typeof assignmentMailMachine> = {
  // Each of what the caps can make of it (decision 0024).
  resendSeatMail: {
    done: (['queued', 'replaced', 'deferred', 'dropped'] as const).map((mail) => ({ licenseId: newSeat.id, mail })),
    error: [new Error(signedInAlready)],
  },
}

export const assignmentMailModel: PathPlan<typeof assignmentMailMachine> = {
  name: 'assignmentMail',
  machine: assignmentMailMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['activity'],
  // Nobody to tell: the machine alone (its rules test gives it whom it tells).
  inputs: [{}],
  // Ada's seat waits for her first sign-in; Cara's own is bound.
  events: [{ type: 'mail.resend', license: newSeat }, { type: 'mail.resend', license: ownSeat }, { type: 'notice.dismiss' }, ...actorEvents(fixtures)],
}
