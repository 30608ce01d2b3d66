import { expect, type Page } from '@playwright/test'
import type { EventFromLogic } from 'xstate'
import type { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import type { ManageLicensesInput } from '@/machines/manage-licenses.machine'
import { manageLicensesModel } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { teamAs } from '@/testkit/organisations'
import { demo } from '../support/accounts'
import { routeApi } from '../support/api-routes'
import { calling, defaultKey, type Tour, type TourStep } from '../support/machine-tour'
import { typeInvoiceOrder } from './invoice-order.tour'
import { openAs } from './open-as'
import { loadFailedShown } from './shown'

type Dialog = 'Assign License' | 'Assign several licenses' | 'Unassign License' | 'Buy Additional Licenses' | 'Upgrade Subscription'

/** The dialog each step of `ready` shows, and the button that shows progress while it sends. */
const dialogs: Record<string, { dialog: Dialog; sending?: string | RegExp }> = {
  '{"assign":{"single":"editing"}}': { dialog: 'Assign License' },
  '{"assign":{"single":"submitting"}}': { dialog: 'Assign License', sending: 'Assign' },
  '{"assign":{"bulk":"editing"}}': { dialog: 'Assign several licenses' },
  '{"assign":{"bulk":"sending"}}': { dialog: 'Assign several licenses', sending: /^Assign \d+ licenses?$/ },
  '{"assign":{"bulk":"finished"}}': { dialog: 'Assign several licenses' },
  '{"unassign":"confirming"}': { dialog: 'Unassign License' },
  '{"unassign":"removing"}': { dialog: 'Unassign License', sending: 'Unassign' },
  '{"purchase":"choosing"}': { dialog: 'Buy Additional Licenses' },
  '{"purchase":"redirecting"}': { dialog: 'Buy Additional Licenses', sending: 'Continue to checkout' },
  '{"purchase":"invoicing"}': { dialog: 'Buy Additional Licenses' },
  '{"purchase":"ordering"}': { dialog: 'Buy Additional Licenses', sending: 'Pay by invoice' },
  '{"purchase":"ordered"}': { dialog: 'Buy Additional Licenses' },
  '"upgrade"': { dialog: 'Upgrade Subscription' },
}

/** The page loading its tiles and table. */
const isLoading = (step: TourStep) => typeof step.state.value === 'object' && step.state.value !== null && 'loading' in step.state.value

/** Manage Licenses: loading in parallel, a failed load, the page, and each of its dialogs in each step. */
export const manageLicensesTour: Tour<typeof manageLicensesMachine> = {
  plan: manageLicensesModel,
  actors: {
    loadStats: calling('stats'),
    loadAssigned: calling('assignedLicenses'),
    assignLicense: calling('assign'),
    unassignLicense: calling('unassign'),
    createCheckoutSession: calling('createCheckoutSession'),
    addSeatsByInvoice: calling('addSeatsByInvoice'),
  },
  // Beside the state and its notices: a refused tax ID, and the page read again by Done after an
  // order by invoice (the one close that leads to loading), each a step of its own. A close while a
  // dialog sends is not walked: its held request would outlive the path.
  keyOf: (step) => [defaultKey(step), step.state.context.taxIdError ? 'taxIdError' : '', step.event.type === 'dialog.close' && isLoading(step) ? 'read again' : ''].filter(Boolean).join(' + '),
  // The wizard ends when its close button is pressed: the paths' dialog.close in the upgrade dialog presses it, so those walk the same clicks.
  walkable: (steps) => !steps.some((step) => step.event.type === 'xstate.done.actor.upgrade'),
  // The hosted checkout has a test of its own.
  leaving: (step) => step.state.value === 'checkingOut',
  open: async (page, input) => {
    const { checkoutReturned, role } = input as ManageLicensesInput
    // A member in another role (issue 30): the organisation answers with that role, and the page follows it.
    if (role) await routeApi(page, '/api/organisation', (route) => route.fulfill({ json: teamAs(role) }))
    await openAs(page, demo.commercial, checkoutReturned ? '/account/licenses?success=true&session_id=cs_test_1' : '/account/licenses')
  },
  perform,
  expectShown: (page, step) => expectShown(page, step),
}

async function perform(page: Page, event: EventFromLogic<typeof manageLicensesMachine>) {
  const main = page.getByRole('main')
  const dialog = page.getByRole('dialog')
  switch (event.type) {
    case 'licenses.reload':
      return main.getByRole('button', { name: 'Try again' }).click()
    case 'notice.dismiss':
      return main.getByRole('status').getByRole('button', { name: 'Dismiss' }).click()
    case 'dialog.close':
      return dialog.getByRole('button', { name: 'Close' }).click()
    case 'assign.open':
      return main.getByRole('button', { name: 'Assign License' }).click()
    case 'assign.submit':
      await dialog.getByLabel('First name').fill(event.assignee.firstName)
      await dialog.getByLabel('Last name').fill(event.assignee.lastName)
      await dialog.getByLabel('Email').fill(event.assignee.email)
      return dialog.getByRole('button', { name: 'Assign', exact: true }).click()
    case 'bulk.open':
      return dialog.getByRole('button', { name: 'Assign several' }).click()
    case 'bulk.change':
      return dialog.getByLabel('Assignees').fill(event.lines.map((line) => line.text).join('\n'))
    case 'bulk.submit':
      return dialog.getByRole('button', { name: /^Assign \d+ licenses?$/ }).click()
    case 'unassign.request':
      return main.getByRole('button', { name: `Unassign ${event.license.firstName} ${event.license.lastName}` }).click()
    case 'unassign.confirm':
      return dialog.getByRole('button', { name: 'Unassign', exact: true }).click()
    case 'purchase.open':
      return main.getByRole('button', { name: 'Buy Additional Licenses' }).click()
    case 'seats.change':
      return dialog.getByLabel('Additional licenses').fill(String(event.seats))
    case 'checkout.start':
      return dialog.getByRole('button', { name: 'Continue to checkout' }).click()
    case 'invoice.open':
      return dialog.getByRole('button', { name: 'Pay by bank transfer (invoice)' }).click()
    case 'invoice.submit':
      return typeInvoiceOrder(dialog, event.draft)
    case 'upgrade.open':
      // Community owners have the 'Upgrade' badge; Commercial owners the action on the subscription tile.
      return main.getByRole('button', { name: /^Upgrade( to Commercial Plus)?$/ }).click()
  }
  throw new Error(`No browser action for ${JSON.stringify(event)}`)
}

async function expectShown(page: Page, step: TourStep) {
  const main = page.getByRole('main')
  const { value, context } = step.state
  await expect(main.getByRole('heading', { level: 1, name: 'Manage Licenses' })).toBeVisible()
  // The branch is the test: the state the path rests in picks what the page must show there.
  if (typeof value === 'object' && value !== null && 'loading' in value) return expect(main.getByLabel('Loading your licenses')).toBeVisible()
  if (value === 'failed') {
    return loadFailedShown(main, 'Your licenses could not be loaded')
  }
  const ready = JSON.stringify((value as { ready: unknown }).ready)
  const stats = context.stats as { subscription: string }
  await expect(main.getByRole('group', { name: 'Subscription' })).toContainText(stats.subscription)
  // A billing manager sees no seats, and no activity of them; the sidebar has Billing for them.
  if (context.role === 'billing-manager') {
    await expect(main.getByText(/^(Assigned licenses|Recent activity)$/)).toHaveCount(0)
    const nav = page.getByRole('navigation', { name: 'Account' })
    await expect(nav.getByRole('link')).toHaveText(['My Licenses', 'Profile', 'Manage Licenses', 'Invoices and company', 'Members'])
    await expect(nav.getByRole('button', { name: /^Billing/ })).toBeVisible()
  }
  // The branch is the test: a notice shows only where the flow holds one.
  if (context.notice) await expect(main.getByRole('status').filter({ hasText: context.notice as string })).toBeVisible()
  const shown = dialogs[ready]
  // The branch is the test: the state opens its dialog, or none.
  if (!shown) return expect(page.getByRole('dialog')).toHaveCount(0)
  const dialog = page.getByRole('dialog', { name: shown.dialog })
  await expect(dialog).toBeVisible()
  // The branch is the test: what the open dialog shows follows what the flow holds there.
  if (context.error) await expect(dialog.getByRole('alert')).toContainText(context.error as string)
  if (shown.sending) await expect(dialog.getByRole('button', { name: shown.sending, exact: true })).toHaveAttribute('data-loading')
  if (ready === '{"assign":{"bulk":"finished"}}') await expect(dialog.getByRole('status')).toContainText('licenses assigned.')
  if (ready === '{"purchase":"ordered"}') await expect(dialog.getByRole('status')).toContainText('Awaiting payment')
}
