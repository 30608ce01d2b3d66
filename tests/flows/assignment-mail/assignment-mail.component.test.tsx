// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { AccountServicesProvider, type AccountServices } from '@/src/ui/account-services'
import { planPaths } from '@/testkit/model/paths'
import { assignmentMailModel } from '@/testkit/flows/assignment-mail/assignment-mail.model'
import { freeSeatStats, newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { assignmentMailOracle } from '@/testkit/flows/assignment-mail/assignment-mail.oracle'
import { pendingApi, settleActorEvent } from '@/tests/support/pending-api'
import { renderPage } from '@/tests/support/render'
import { walkPaths } from '@/tests/support/run-paths'
import { assignmentMailViewTable } from '@/testkit/flows/assignment-mail/assignment-mail.view-table'

const plan = planPaths(assignmentMailModel)

/** Manage Licenses with Cara's own seat and Ada's, assigned and not yet bound; only Resend waits for the test. */
async function open() {
  const pending = pendingApi({
    stats: async () => freeSeatStats,
    assignedLicenses: async () => [ownSeat, newSeat],
    activity: async () => ({ entries: [], nextCursor: null }),
  })
  const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
  renderPage(() => (
    <AccountServicesProvider value={{ api: pending.api } as AccountServices}>
      <ManageLicensesPage checkoutReturned={false} upgradeLogic={upgradeLogic} renderUpgrade={() => null} />
    </AccountServicesProvider>
  ))
  expect(await screen.findByText('ada@example.com')).toBeTruthy()
  return pending
}

/** Presses the button if the page shows it: a bound seat has no Resend. */
function press(name: string) {
  const [button] = screen.queryAllByRole('button', { name })
  if (button) fireEvent.click(button)
}

describe('Resend on a pending seat (component paths of the assignment mail machine)', () => {
  walkPaths(plan.paths, {
    table: assignmentMailViewTable,
    oracle: assignmentMailOracle,
    refuse: assignmentMailModel.events,
    start: open,
    step: async (event, pending) => {
      if (await settleActorEvent(pending, { resendSeatMail: 'resendSeatMail' }, event)) return
      if (event.type === 'mail.resend') press(`Resend the assignment email to ${(event.license as typeof newSeat).firstName} ${(event.license as typeof newSeat).lastName}`)
      if (event.type === 'notice.dismiss') {
        const shown = [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].find((element) => within(element).queryByRole('button', { name: 'Dismiss' }))
        if (shown) fireEvent.click(within(shown).getByRole('button', { name: 'Dismiss' }))
      }
    },
    end: (pending, sent) => {
      // One request per press, for Ada's seat only.
      expect(pending.made('resendSeatMail')).toEqual(sent.filter((event) => event.type === 'mail.resend' && (event as { license?: { id: string } }).license?.id === newSeat.id).map(() => [newSeat.id]))
    },
  })
})
