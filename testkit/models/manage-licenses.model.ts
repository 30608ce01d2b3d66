/** Model of the Manage Licenses machine for generated paths: tests, the path catalogue and coverage. */
import type { EventObject } from 'xstate'
import type { AssignedLicense, Stats } from '../../common/contract'
import { manageLicensesMachine, type BulkLine, type BulkResult, type ManageLicensesInput } from '../../machines/manage-licenses.machine'
import { plans, upgradePaths } from '../../common/plans'
import { actorEvents, type ActorFixtures, type PathPlan } from '../model/paths'

export const freeSeatStats: Stats = { subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 1, available: 1 }
export const fullStats: Stats = { subscription: 'Commercial', priceId: 'commercial', purchased: 2, assigned: 2, available: 0 }
export const communityStats: Stats = { subscription: 'Community', priceId: 'community', purchased: 1, assigned: 1, available: 0 }

export const ownSeat: AssignedLicense = {
  id: 'seat_own',
  firstName: 'Cara',
  lastName: 'Commercial',
  email: 'commercial@example.com',
  expirationDate: '2027-11-22T00:00:00.000Z',
  // The owner restored packages lately; the seat just given (newSeat) has never been used.
  lastFeedAccessAt: '2026-11-20T09:15:00.000Z',
}
export const newSeat: AssignedLicense = { id: 'seat_new', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', expirationDate: '2027-11-22T00:00:00.000Z', lastFeedAccessAt: null }
export const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }

export const goodLines: BulkLine[] = [
  { text: 'Ada, Lovelace, ada@example.com', request: ada, error: null },
  { text: 'Alan, Turing, alan@example.com', request: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' }, error: null },
]
export const badLines: BulkLine[] = [{ text: 'Grace, Hopper', request: null, error: 'Email is required' }]

export const seatConflict = new Error('No license is left to assign. Buy additional licenses first.')

export const fixtures: ActorFixtures<typeof manageLicensesMachine> = {
  loadStats: { done: [freeSeatStats, fullStats, communityStats], error: [new Error('There was a problem connecting to the server. Please try again.')] },
  loadAssigned: { done: [[ownSeat]], error: [new Error("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")] },
  assignLicense: { done: [newSeat], error: [seatConflict] },
  unassignLicense: { done: [undefined], error: [new Error("The requested information couldn't be found. Please try again or contact support.")] },
  createCheckoutSession: {
    done: [{ url: 'https://localhost:5173/sandbox/checkout/cs_test_1' }],
    error: [new Error('There was a conflict with your request. The item may have been modified by another user.')],
  },
  upgrade: { done: [], error: [] },
}

export const manageLicensesInputs: ManageLicensesInput[] = [
  { checkoutReturned: false, plans, upgradePaths },
  { checkoutReturned: true, plans, upgradePaths },
]

export const manageLicensesModel: PathPlan<typeof manageLicensesMachine> = {
  name: 'manageLicenses',
  machine: manageLicensesMachine,
  actors: Object.keys(fixtures),
  inputs: manageLicensesInputs,
  // What the user can tell apart: the step, the counts, the rows, the notice and error, the dialog's values.
  serialize: (snapshot) => {
    const { stats, assigned, notice, error, seats, bulkLines, bulkResults, unassigning, checkoutReturned } = snapshot.context
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
    { type: 'upgrade.open' },
    ...actorEvents(fixtures),
  ],
}

type PathEvent = EventObject & { output?: unknown; error?: unknown; lines?: BulkLine[]; license?: AssignedLicense; seats?: number }

/**
 * What Manage Licenses holds along a path of `manageLicensesModel`, restated from spec sections 2
 * and 4 and the events the test sent: the stats and rows the API answered; assign adds a row,
 * assigned +1, available -1, and unassign the reverse; a dialog opens afresh (1 seat, no message);
 * pasted lines are sent one by one while a seat is left, the rest skipped; and the last message.
 */
export function licensesAlongPath(sent: readonly EventObject[], checkoutReturned = false) {
  let stats: Stats | null = null
  let rows: AssignedLicense[] = []
  let notice: string | null = null
  let error: string | null = null
  let unassigning: AssignedLicense | null = null
  let seats = 1
  let bulkLines: BulkLine[] = []
  let bulkResults: BulkResult[] = []
  let bulkSending = false
  let loaded = new Set<string>()
  const messageOf = (error: unknown) => (error as Error).message
  const recordBulk = (result: BulkResult) => {
    bulkResults = [...bulkResults, result]
    if (bulkResults.length < bulkLines.length && stats!.available > 0) return
    bulkResults = [...bulkResults, ...bulkLines.slice(bulkResults.length).map((): BulkResult => ({ status: 'skipped' }))]
    bulkSending = false
  }
  const opened = () => {
    ;[error, notice, unassigning, seats, bulkLines, bulkResults] = [null, null, null, 1, [], []]
  }
  for (const event of sent as readonly PathEvent[]) {
    switch (event.type) {
      case 'xstate.done.actor.loadStats':
      case 'xstate.done.actor.loadAssigned':
        if (event.type.endsWith('loadStats')) stats = event.output as Stats
        else rows = event.output as AssignedLicense[]
        loaded.add(event.type)
        // Both loaded: the page is ready, and says once that a checkout brought it back.
        if (loaded.size === 2 && checkoutReturned) [notice, checkoutReturned] = ['Your additional licenses were purchased.', false]
        break
      case 'xstate.error.actor.loadStats':
      case 'xstate.error.actor.loadAssigned':
      case 'xstate.error.actor.unassignLicense':
      case 'xstate.error.actor.createCheckoutSession':
        error = messageOf(event.error)
        break
      case 'licenses.reload':
        ;[error, loaded] = [null, new Set()]
        break
      case 'notice.dismiss':
        notice = null
        break
      case 'assign.open':
      case 'purchase.open':
      case 'upgrade.open':
        opened()
        break
      case 'unassign.request':
        opened()
        unassigning = event.license!
        break
      case 'dialog.close':
      case 'assign.submit':
      case 'bulk.open':
      case 'unassign.confirm':
      case 'checkout.start':
        error = null
        break
      case 'bulk.change':
        ;[bulkLines, bulkResults] = [event.lines!, []]
        break
      case 'bulk.submit':
        bulkSending = true
        break
      case 'xstate.done.actor.assignLicense': {
        const license = event.output as AssignedLicense
        rows = [...rows, license]
        stats = { ...stats!, assigned: stats!.assigned + 1, available: stats!.available - 1 }
        if (bulkSending) recordBulk({ status: 'assigned' })
        else notice = `License assigned to ${license.email}.`
        break
      }
      case 'xstate.error.actor.assignLicense':
        if (bulkSending) recordBulk({ status: 'failed', message: messageOf(event.error) })
        else error = messageOf(event.error)
        break
      case 'xstate.done.actor.unassignLicense':
        rows = rows.filter((row) => row.id !== unassigning!.id)
        stats = { ...stats!, assigned: stats!.assigned - 1, available: stats!.available + 1 }
        ;[notice, unassigning] = [`License unassigned from ${unassigning!.email}.`, null]
        break
      case 'seats.change':
        if (Number.isInteger(event.seats) && event.seats! >= 1) seats = event.seats!
        break
    }
  }
  return { stats, rows, notice, error, unassigning, seats, bulkLines, bulkResults }
}
