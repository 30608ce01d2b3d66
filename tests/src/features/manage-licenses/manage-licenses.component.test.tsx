// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { EventObject } from 'xstate'
import { manageLicensesMachine, type BulkLine } from '../../../../machines/manage-licenses.machine'
import type { AssignRequest, AssignedLicense } from '../../../../common/contract'
import { ManageLicensesPage } from '../../../../src/features/manage-licenses/components/ManageLicensesPage'
import { upgradeMachine } from '../../../../machines/upgrade.machine'
import { AccountServicesProvider, type AccountServices } from '../../../../src/ui/account-services'
import { licensesAlongPath, manageLicensesModel } from '../../../../testkit/models/manage-licenses.model'
import { pendingApi, settleActorEvent } from '../../../support/pending-api'
import { walkPaths } from '../../../support/run-paths'
import { coveringPaths, planPaths } from '../../../../testkit/model/paths'
import { expectTableCoversMachine } from '../../../support/view-table'
import { renderPage } from '../../../support/render'
import { manageLicensesViewTable } from './manage-licenses.view-table'

function renderManageLicenses() {
  // Recent activity has its own component paths; here it has nothing to show.
  const calls = pendingApi({ activity: async () => ({ entries: [], nextCursor: null }) })
  const api = calls.api
  const goToCheckout = vi.fn()
  // The wizard itself has its own component paths; here it is a stand-in that never settles.
  const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
  renderPage(() => (
    <AccountServicesProvider value={{ api } as AccountServices}>
      <ManageLicensesPage
        checkoutReturned={false}
        upgradeLogic={upgradeLogic}
        renderUpgrade={(upgrade, close) =>
          upgrade && (
            <div role="dialog" aria-label="Upgrade Subscription">
              <button onClick={close}>Close</button>
            </div>
          )
        }
        goToCheckout={goToCheckout}
      />
    </AccountServicesProvider>
  ))
  return { calls, goToCheckout }
}

/** The API call each actor of the machine makes. */
const actorCalls = { loadStats: 'stats', loadAssigned: 'assignedLicenses', assignLicense: 'assign', unassignLicense: 'unassign', createCheckoutSession: 'createCheckoutSession' }

const dialog = (name: string) => screen.getByRole('dialog', { name })
const tileValue = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./)[1]!.textContent

/** Does what the user does for the path's event. */
function perform(event: { type: string } & Record<string, unknown>, sent: readonly EventObject[]) {
  switch (event.type) {
    case 'licenses.reload':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    case 'notice.dismiss':
      return fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    case 'dialog.close':
      return fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!)
    case 'assign.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Assign License' }))
    case 'assign.submit': {
      const form = dialog('Assign License')
      const assignee = event.assignee as AssignRequest
      fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: assignee.firstName } })
      fireEvent.change(within(form).getByLabelText(/Last name/), { target: { value: assignee.lastName } })
      fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: assignee.email } })
      return fireEvent.click(within(form).getByRole('button', { name: 'Assign' }))
    }
    case 'bulk.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Assign several' }))
    case 'bulk.change':
      return fireEvent.change(screen.getByLabelText(/Assignees/), { target: { value: (event.lines as BulkLine[]).map((line) => line.text).join('\n') } })
    case 'bulk.submit':
      return fireEvent.click(screen.getByRole('button', { name: /^Assign \d+ licenses?$/ }))
    case 'unassign.request': {
      const license = event.license as AssignedLicense
      return fireEvent.click(screen.getByRole('button', { name: `Unassign ${license.firstName} ${license.lastName}` }))
    }
    case 'unassign.confirm':
      return fireEvent.click(within(dialog('Unassign License')).getByRole('button', { name: 'Unassign' }))
    case 'purchase.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Buy Additional Licenses' }))
    case 'seats.change':
      return fireEvent.change(screen.getByLabelText('Additional licenses'), { target: { value: String(event.seats) } })
    case 'checkout.start':
      return fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }))
    case 'upgrade.open':
      return fireEvent.click(screen.getByRole('button', { name: licensesAlongPath(sent).stats?.priceId === 'community' ? 'Upgrade' : 'Upgrade to Commercial Plus' }))
  }
  throw new Error(`No user action for ${event.type}`)
}

/** The four tiles (spec section 2), as the answers along the path make them: they are numbers, which a view table cannot tell apart. */
function expectTiles(sent: readonly EventObject[]) {
  const { stats } = licensesAlongPath(sent)
  const tiles = screen.queryAllByRole('group', { name: /^(Subscription|Purchased|Assigned|Available)$/ })
  if (tiles.length === 0) return
  expect(Object.fromEntries(['Subscription', 'Purchased', 'Assigned', 'Available'].map((label) => [label, tileValue(label)]))).toEqual({
    Subscription: stats!.subscription,
    Purchased: String(stats!.purchased),
    Assigned: String(stats!.assigned),
    Available: String(stats!.available),
  })
}

describe('Manage Licenses (component paths of the manageLicenses machine, fake API)', () => {
  const model = { ...manageLicensesModel, inputs: [manageLicensesModel.inputs![0]!] }
  const { paths } = planPaths(model)
  it('has a view for every state of the machine', () => expectTableCoversMachine(manageLicensesViewTable, manageLicensesMachine))
  walkPaths(coveringPaths(model.machine, paths), {
    table: manageLicensesViewTable,
    // The longest path has some twenty steps over the whole page: about 15 s alone, twice that on a busy machine.
    timeout: 90_000,
    start: renderManageLicenses,
    step: async (event, { calls }, { sent }) => {
      if (event.type === 'xstate.init' || (await settleActorEvent(calls, actorCalls, event))) return
      await act(async () => perform(event, sent))
    },
    check: (_, sent) => expectTiles(sent),
    end: ({ goToCheckout }, sent) => {
      // The hosted checkout's address, once it was made.
      if (sent.some(({ type }) => type === 'xstate.done.actor.createCheckoutSession')) expect(goToCheckout).toHaveBeenCalledWith('https://localhost:5173/sandbox/checkout/cs_test_1')
      else expect(goToCheckout).not.toHaveBeenCalled()
    },
  })
})
