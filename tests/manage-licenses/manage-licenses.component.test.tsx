// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { BulkLine, manageLicensesMachine } from '../../machines/manageLicenses.machine'
import type { AccountsApi } from '../../src/api/accounts-api'
import type { AssignRequest, AssignedLicense } from '../../src/api/contract'
import { ManageLicensesPage } from '../../src/features/manage-licenses/components/ManageLicensesPage'
import { upgradeMachine } from '../../machines/upgrade.machine'
import { AccountServicesProvider, type AccountServices } from '../../src/ui/account-services'
import { manageLicensesModel } from '../machines/manageLicenses.model'
import { pendingCalls } from '../model/deferred'
import { coveringPaths, describePath, planPaths } from '../model/paths'
import { renderPage } from '../render'

type Snapshot = SnapshotFrom<typeof manageLicensesMachine>

function renderManageLicenses() {
  const calls = pendingCalls()
  const api = {
    stats: () => calls.call('loadStats'),
    assignedLicenses: () => calls.call('loadAssigned'),
    assign: () => calls.call('assignLicense'),
    unassign: () => calls.call('unassignLicense'),
    createCheckoutSession: () => calls.call('createCheckoutSession'),
    // Recent activity has its own component paths; here it has nothing to show.
    activity: async () => ({ entries: [], nextCursor: null }),
  } as unknown as AccountsApi
  const goToCheckout = vi.fn()
  // The wizard itself has its own component paths; here it is a stand-in that never settles.
  const upgradeLogic = upgradeMachine.provide({ actors: { loadPaymentMethod: () => new Promise(() => {}) } as never })
  renderPage(() => (
    <AccountServicesProvider value={{ api } as AccountServices}>
      <ManageLicensesPage checkoutReturned={false} upgradeLogic={upgradeLogic} renderUpgrade={(upgrade, close) => upgrade && <div role="dialog" aria-label="Upgrade Subscription"><button onClick={close}>Close</button></div>} goToCheckout={goToCheckout} />
    </AccountServicesProvider>
  ))
  return { calls, goToCheckout }
}

const dialog = (name: string) => screen.getByRole('dialog', { name })
const tileValue = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./)[1]!.textContent

/** Does what the user does for the path's event. */
function perform(event: { type: string } & Record<string, unknown>, state: Snapshot) {
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
      return fireEvent.click(screen.getByRole('button', { name: state.context.stats?.priceId === 'community' ? 'Upgrade' : 'Upgrade to Commercial Plus' }))
  }
  throw new Error(`No user action for ${event.type}`)
}

/** What the user sees in the state the path reached. */
async function expectState(state: Snapshot, goToCheckout: ReturnType<typeof vi.fn>) {
  const { stats, assigned, notice } = state.context
  if (state.matches('loading')) expect(await screen.findByLabelText('Loading your licenses')).toBeTruthy()
  if (state.matches('failed')) expect((await screen.findByRole('alert')).textContent).toContain(state.context.error)
  if (state.matches('checkingOut')) await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://localhost:5173/sandbox/checkout/cs_test_1'))
  if (!state.matches('ready')) return
  await screen.findByRole('group', { name: 'Available' })
  expect(tileValue('Purchased')).toBe(String(stats!.purchased))
  expect(tileValue('Assigned')).toBe(String(stats!.assigned))
  expect(tileValue('Available')).toBe(String(stats!.available))
  expect(screen.getByRole('table', { name: 'Assigned licenses' }).querySelectorAll('tbody tr')).toHaveLength(Math.max(assigned.length, 1))
  expect(screen.queryByRole('button', { name: 'Assign License' }) !== null).toBe(stats!.available > 0)
  expect(screen.queryByRole('button', { name: 'Buy Additional Licenses' }) !== null).toBe(stats!.available === 0 && stats!.priceId !== 'community')
  expect(screen.queryByRole('button', { name: 'Upgrade' }) !== null).toBe(stats!.priceId === 'community')
  if (notice) expect(screen.getByRole('status').textContent).toContain(notice)
  const dialogs = screen.queryAllByRole('dialog').map((element) => element.getAttribute('aria-label') ?? element.querySelector('h2')?.textContent)
  const expected = state.matches({ ready: 'none' })
    ? []
    : state.matches({ ready: { assign: 'bulk' } })
      ? ['Assign several licenses']
      : state.matches({ ready: 'assign' })
        ? ['Assign License']
        : state.matches({ ready: 'unassign' })
          ? ['Unassign License']
          : state.matches({ ready: 'purchase' })
            ? ['Buy Additional Licenses']
            : ['Upgrade Subscription']
  expect(dialogs).toEqual(expected)
  if (state.matches({ ready: { assign: { single: 'submitting' } } })) expect(within(dialog('Assign License')).getByRole('button', { name: 'Assign' }).hasAttribute('data-loading')).toBe(true)
  if (state.matches({ ready: { assign: { single: 'editing' } } }) && state.context.error) expect(within(dialog('Assign License')).getByRole('alert').textContent).toBe(state.context.error)
  if (state.matches({ ready: { assign: { bulk: 'finished' } } })) expect(within(dialog('Assign several licenses')).getByRole('status').textContent).toMatch(/licenses assigned\.$/)
  if (state.matches({ ready: { purchase: 'choosing' } })) expect(within(dialog('Buy Additional Licenses')).getByText(/^Total:/).textContent).toContain(`$${(299 * state.context.seats).toLocaleString('en-US')}.00`)
}

describe('Manage Licenses (component paths of the manageLicenses machine, fake API)', () => {
  const model = { ...manageLicensesModel, inputs: [manageLicensesModel.inputs![0]!] }
  const { paths } = planPaths(model)
  for (const path of coveringPaths(model.machine, paths)) {
    it(`shows ${describePath(path.steps)}`, async () => {
      const { calls, goToCheckout } = renderManageLicenses()
      for (const step of path.steps) {
        const event = step.event as { type: string } & Record<string, unknown>
        if (event.type !== 'xstate.init') {
          await act(async () => {
            if (!calls.settle(event)) perform(event, step.state as Snapshot)
          })
        }
        await expectState(step.state as Snapshot, goToCheckout)
      }
    })
  }
})
