// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { type BulkLine } from '@/machines/manage-licenses.machine'
import type { AssignRequest, AssignedLicense, MemberRole } from '@/common/contract'
import type { ManageLicensesInput } from '@/machines/manage-licenses.machine'
import { ManageLicensesPage } from '@/src/features/manage-licenses/components/ManageLicensesPage'
import { upgradeMachine } from '@/machines/upgrade.machine'
import { AccountServicesProvider, type AccountServices } from '@/src/ui/account-services'
import { freeSeatStats, manageLicensesModel } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { expectedAlong, type Expected, type State } from '@/testkit/model/oracle'
import { realisingLeaves } from '@/testkit/model/relation'
import { manageLicensesOracle, relation, type ManageLicensesHeld } from '@/testkit/flows/manage-licenses/manage-licenses.oracle'
import { pendingApi, settleActorEvent } from '@/tests/support/pending-api'
import { newestActorOf } from '@/tests/support/running-actors'
import { walkPaths } from '@/tests/support/run-paths'
import { coveringPaths, planPaths } from '@/testkit/model/paths'
import { renderPage } from '@/tests/support/render'
import { settleTaxIdRefusal, typeInvoiceOrder } from '@/tests/support/invoice-order-form'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { manageLicensesViewTable } from '@/testkit/flows/manage-licenses/manage-licenses.view-table'

function renderManageLicenses(role?: MemberRole) {
  // Recent activity has its own component paths; here it has nothing to show.
  const activity = vi.fn(async () => ({ entries: [], nextCursor: null }))
  const calls = pendingApi({ activity })
  const api = calls.api
  const goToCheckout = vi.fn()
  // The wizard itself has its own component paths; here it is a stand-in that never settles.
  const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
  renderPage(() => (
    <AccountServicesProvider value={{ api } as AccountServices}>
      <ManageLicensesPage
        role={role}
        checkoutReturned={false}
        upgradeLogic={upgradeLogic}
        renderUpgrade={(upgrade) =>
          upgrade && (
            <div role="dialog" aria-label="Upgrade Subscription">
              <button onClick={() => upgrade.send({ type: 'wizard.close' })}>Close</button>
            </div>
          )
        }
        goToCheckout={goToCheckout}
      />
    </AccountServicesProvider>
  ))
  return { calls, goToCheckout, activity }
}

/** The API call each actor of the machine makes. */
const actorCalls = {
  loadStats: 'stats',
  loadAssigned: 'assignedLicenses',
  assignLicense: 'assign',
  unassignLicense: 'unassign',
  createCheckoutSession: 'createCheckoutSession',
  addSeatsByInvoice: 'addSeatsByInvoice',
}

const dialog = (name: string) => screen.getByRole('dialog', { name })
const tileValue = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./)[1]!.textContent

/** Does what the user does for the path's event. */
function perform(event: { type: string } & Record<string, unknown>, held: ManageLicensesHeld) {
  switch (event.type) {
    case 'licenses.reload':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    case 'notice.dismiss':
      return fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    case 'dialog.close': {
      // While an order by invoice is sent the dialog's close does nothing (PurchaseDialog): the
      // close the machine must still ignore comes from elsewhere, sent to the page's own actor.
      const page = newestActorOf('manageLicenses')
      if ((page.getSnapshot() as AnyMachineSnapshot).matches({ ready: { purchase: 'ordering' } })) return act(() => page.send(event))
      return fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!)
    }
    // The upgrade wizard ends when it is closed: its parent closes the dialog.
    case 'xstate.done.actor.upgrade':
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
    case 'invoice.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Pay by bank transfer (invoice)' }))
    case 'invoice.submit':
      return typeInvoiceOrder('Buy Additional Licenses', event.draft as InvoiceOrderDraft)
    case 'upgrade.open':
      return fireEvent.click(screen.getByRole('button', { name: held.stats?.priceId === 'community' ? 'Upgrade' : 'Upgrade to Commercial Plus' }))
  }
  throw new Error(`No user action for ${event.type}`)
}

const tileLabels = ['Subscription', 'Purchased', 'Assigned', 'Available'] as const

/**
 * The four tiles (spec section 2) where the oracle says the page is ready, with the counts it says
 * the page holds (numbers, which a view table cannot tell apart); none before. Fails when a tile is
 * missing where the page must show it.
 */
function expectTiles({ state, held: { stats } }: Expected<ManageLicensesHeld, State>) {
  const tiles = screen.queryAllByRole('group', { name: /^(Subscription|Purchased|Assigned|Available)$/ })
  // The branch is the test: the oracle's state says whether the tiles are there yet.
  if (!realisingLeaves(manageLicensesOracle, state).some((leaf) => leaf.startsWith('manageLicenses.ready.'))) return expect(tiles, 'no tiles before both loads came').toEqual([])
  expect(
    tiles.map((tile) => tile.getAttribute('aria-labelledby')),
    'the four tiles',
  ).toEqual(tileLabels.map((label) => `stat-${label.toLowerCase()}`))
  expect(Object.fromEntries(tileLabels.map((label) => [label, tileValue(label)]))).toEqual({
    Subscription: stats!.subscription,
    Purchased: String(stats!.purchased),
    Assigned: String(stats!.assigned),
    Available: String(stats!.available),
  })
}

describe('Manage Licenses (component paths of the manageLicenses machine, fake API) [S2.manage.tiles S2.manage.action-button S2.manage.upgrade-badge S4.manage.dialog-mode S5.seats.additional-no-maximum]', () => {
  // An owner's page, a billing manager's and a seat manager's (the checkout's return has its own tests).
  const model = { ...manageLicensesModel, inputs: manageLicensesModel.inputs!.filter((input) => !input.checkoutReturned) }
  const { paths } = planPaths(model)
  const expected = (sent: readonly EventObject[], input: ManageLicensesInput = model.inputs[0]!) => expectedAlong(manageLicensesOracle, input, sent)
  it('checks the tiles: a ready page without them fails [S2.manage.tiles]', () => {
    const noDialog = Object.keys(relation).find((said) => relation[said as keyof typeof relation] === 'manageLicenses.ready.none')!
    const ready: Expected<ManageLicensesHeld, State> = { state: noDialog, held: { ...expected([]).held, stats: freeSeatStats } }
    expect(() => expectTiles(ready)).toThrow(/the four tiles/)
  })
  walkPaths(coveringPaths(model.machine, paths), {
    table: manageLicensesViewTable,
    oracle: manageLicensesOracle,
    refuse: model.events,
    // The longest path has some twenty steps over the whole page: about 15 s alone, twice that on a busy machine.
    timeout: 90_000,
    start: (path) => ({ ...renderManageLicenses(path.input?.role), input: path.input }),
    step: async (event, { calls, input }, { sent }) => {
      // The wizard's end is no API call: the user closes it.
      const closesWizard = event.type === 'xstate.done.actor.upgrade'
      if (event.type === 'xstate.init' || (await settleTaxIdRefusal(calls, 'addSeatsByInvoice', event)) || (!closesWizard && (await settleActorEvent(calls, actorCalls, event)))) return
      await act(async () => perform(event, expected(sent.slice(0, -1), input).held))
    },
    check: ({ input }, sent) => expectTiles(expected(sent, input)),
    end: ({ goToCheckout, calls, activity, input }, sent) => {
      // The hosted checkout's address, once it was made.
      if (sent.some(({ type }) => type === 'xstate.done.actor.createCheckoutSession')) expect(goToCheckout).toHaveBeenCalledWith('https://localhost:5173/sandbox/checkout/cs_test_1')
      else expect(goToCheckout).not.toHaveBeenCalled()
      // A billing manager's page asks for no seats and no activity (their role may not see them).
      if (input?.role === 'billing-manager') expect([calls.calls('assignedLicenses'), activity.mock.calls]).toEqual([[], []])
      // Added seats by invoice: one order a press the contract accepts, of the page's plan and the seats chosen, with the PO typed.
      const accepted = sent.filter((event) => event.type === 'invoice.submit' && (event as unknown as { draft: InvoiceOrderDraft }).draft.poNumber.length <= 140)
      expect(calls.made('addSeatsByInvoice').length).toBeLessThanOrEqual(accepted.length)
      for (const [order] of calls.made('addSeatsByInvoice')) expect(order).toMatchObject({ priceId: 'commercial', poNumber: 'PO-4711', company: { legalName: 'Northwind Traders Inc.' } })
    },
  })
})
