/** Model of the Manage Licenses machine for generated paths: tests, the path catalogue and coverage. */
import type { InvoiceOrder } from '@/common/billing-contract'
import type { Stats } from '@/common/contract'
import { manageLicensesMachine, type BulkLine, type ManageLicensesInput } from '@/machines/manage-licenses.machine'
import { plans, upgradePaths } from '@/common/plans'
import { longPoDraft, northwindDraft, placedOrder, taxIdRefused } from '@/testkit/flows/invoice-order/invoice-order.fixtures'
import { leavesForCheckout } from '@/testkit/flows/purchase/purchase.oracle'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { newSeat, ownSeat } from './manage-licenses.fixtures'

export { newSeat, ownSeat }

export const freeSeatStats: Stats = { subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 1, available: 1 }
export const fullStats: Stats = { subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 2, available: 0 }
export const communityStats: Stats = { subscription: 'Community', priceId: 'community', purchased: 1, assigned: 1, available: 0 }

export const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }

export const goodLines: BulkLine[] = [
  { text: 'Ada, Lovelace, ada@example.com', request: ada, error: null },
  { text: 'Alan, Turing, alan@example.com', request: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' }, error: null },
]
export const badLines: BulkLine[] = [{ text: 'Grace, Hopper', request: null, error: 'Email is required' }]

export const seatConflict = new Error('No license is left to assign. Buy additional licenses first.')

/** Two seats added by invoice: the prorated rest of the year, its own invoice. */
export const addedSeatsOrder: InvoiceOrder = { ...placedOrder, invoice: { ...placedOrder.invoice, number: 'CARA0001-0002', total: 41_000 } }

export const fixtures: ActorFixtures<typeof manageLicensesMachine> = {
  loadStats: { done: [freeSeatStats, fullStats, communityStats], error: [new Error('There was a problem connecting to the server. Please try again.')] },
  loadAssigned: { done: [[ownSeat]], error: [new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")] },
  assignLicense: { done: [newSeat], error: [seatConflict] },
  unassignLicense: { done: [undefined], error: [new Error("The requested information couldn't be found. Please try again or contact support.")] },
  createCheckoutSession: {
    done: [{ url: 'https://localhost:5173/sandbox/checkout/cs_test_1' }],
    error: [new Error('There was a conflict with your request. The item may have been modified by another user.')],
  },
  addSeatsByInvoice: {
    done: [addedSeatsOrder],
    error: [new Error('There was a conflict with your request. The item may have been modified by another user.'), taxIdRefused],
  },
  // The wizard ends only when it is closed (its own paths walk its steps).
  upgrade: { done: [undefined], error: [] },
}

export const manageLicensesInputs: ManageLicensesInput[] = [
  { checkoutReturned: false, plans, upgradePaths },
  { checkoutReturned: true, plans, upgradePaths },
  // Issue 30: a billing manager buys and upgrades, and sees no seats; a seat manager assigns, and buys nothing.
  { checkoutReturned: false, plans, upgradePaths, role: 'billing-manager' },
  { checkoutReturned: false, plans, upgradePaths, role: 'seat-manager' },
]

export const manageLicensesModel: PathPlan<typeof manageLicensesMachine> = {
  name: 'manageLicenses',
  machine: manageLicensesMachine,
  actors: Object.keys(fixtures),
  // Whom it tells (docs/decisions/0035): its replays check what they are told against the oracle.
  addressees: ['activity'],
  // The view sends the browser to the checkout's url on this action.
  effects: { actions: { goToCheckout: (params: { url: string }) => leavesForCheckout(params.url) } },
  inputs: manageLicensesInputs,
  // What the user can tell apart: the step, the counts, the rows, the notice and error, the dialog's values.
  serialize: (snapshot) => {
    const { stats, assigned, notice, error, seats, bulkLines, bulkResults, unassigning, checkoutReturned, invoiceOrder, taxIdError } = snapshot.context
    return {
      value: snapshot.value,
      stats,
      rows: assigned.map((row) => row.id),
      notice,
      error,
      seats,
      bulk: [bulkLines.length, bulkResults.map((result) => result.status)],
      unassigning: unassigning?.id,
      checkoutReturned,
      invoice: invoiceOrder?.invoice.number ?? null,
      taxIdError,
    }
  },
  events: [
    { type: 'licenses.reload' },
    { type: 'notice.dismiss' },
    { type: 'dialog.close' },
    { type: 'assign.open' },
    { type: 'assign.submit', assignee: ada },
    { type: 'bulk.open' },
    { type: 'bulk.change', lines: goodLines },
    { type: 'bulk.change', lines: badLines },
    { type: 'bulk.submit' },
    { type: 'unassign.request', license: ownSeat },
    { type: 'unassign.confirm' },
    { type: 'purchase.open' },
    { type: 'seats.change', seats: 3 },
    { type: 'seats.change', seats: 0 },
    { type: 'checkout.start' },
    { type: 'invoice.open' },
    { type: 'invoice.submit', draft: northwindDraft },
    { type: 'invoice.submit', draft: longPoDraft },
    { type: 'upgrade.open' },
    ...actorEvents(fixtures),
  ],
}
