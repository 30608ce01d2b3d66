import type { SnapshotFrom } from 'xstate'
import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { assignmentMailMachine } from '@/machines/assignment-mail.machine'

/** A pending seat's mail again: POST /api/licenses/{id}/resend. */
export function assignmentMailActors(api: AccountsApi) {
  return requestsFor<typeof assignmentMailMachine>()({ resendSeatMail: ({ input, signal }) => api.resendSeatMail(input.licenseId, signal) })
}

/** Resend on the pending seats, from the machine: which one is being sent, and what the last came to. */
export function selectAssignmentMail(snapshot: SnapshotFrom<typeof assignmentMailMachine>) {
  const { seat, notice, error } = snapshot.context
  return { idle: snapshot.matches('idle'), sending: snapshot.matches('sending') ? (seat?.id ?? null) : null, notice, error }
}
