/** What Manage Licenses shows of a pending seat's mail in each state of the assignment mail machine, written from issue 30's rules. */
import type { AssignmentMailHeld } from './assignment-mail.oracle'
import type { ViewTable } from '@/testkit/views/view-table'

const resendAda = 'Resend the assignment email to Ada Lovelace'

export const assignmentMailViewTable: ViewTable<AssignmentMailHeld> = {
  // Ada's seat waits for her first sign-in: 'Pending', with Resend; Cara's own is bound, with neither.
  'assignmentMail.idle': (_, { notice, error }) => ({
    shows: ['Pending', 'ada@example.com', 'commercial@example.com', ...(notice ? [notice] : [])],
    enabled: [resendAda, ...(notice || error ? ['Dismiss'] : [])],
    absent: ['Resend the assignment email to Cara Commercial', ...(notice || error ? [] : ['Dismiss'])],
    alerts: error ? [error] : [],
  }),
  'assignmentMail.sending': { shows: ['Pending'], disabled: [resendAda], absent: ['Resend the assignment email to Cara Commercial', 'Dismiss'], alerts: [] },
}
