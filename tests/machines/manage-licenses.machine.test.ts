import { describe, expect, it } from 'vitest'
import { createActor, type ContextFrom, type EventObject } from 'xstate'
import { manageLicensesMachine } from '../../machines/manage-licenses.machine'
import { selectManageLicenses } from '../../src/features/manage-licenses/manage-licenses.select'
import { describePath, planPaths } from '../../testkit/model/paths'
import { expectContexts, expectContextTableCoversMachine, type ContextTable } from '../support/context-table'
import { idleActors, replayPath } from '../support/run-paths'
import { ada, badLines, freeSeatStats, goodLines, licensesAlongPath, manageLicensesInputs, manageLicensesModel, newSeat, ownSeat } from '../../testkit/models/manage-licenses.model'

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never

const plan = planPaths(manageLicensesModel)

type Context = ContextFrom<typeof manageLicensesMachine>

/** What the page holds once loaded, as the path's events make it (spec sections 2 and 4). */
const heldAlong = (checkoutReturned: boolean) => (sent: readonly EventObject[]) => {
  const { stats, rows, notice, error, unassigning, seats, bulkLines, bulkResults } = licensesAlongPath(sent, checkoutReturned)
  return { stats, assigned: rows, notice, error, unassigning, seats, bulkLines, bulkResults, checkoutReturned: false }
}

/** What Manage Licenses' context holds in each state, from a fresh visit or back from the hosted checkout. */
function contextTable(checkoutReturned: boolean): ContextTable<Context> {
  const loading = { error: null, notice: null, checkoutReturned }
  const held = heldAlong(checkoutReturned)
  return {
    'manageLicenses.loading.stats.loading': loading,
    'manageLicenses.loading.stats.loaded': loading,
    'manageLicenses.loading.assigned.loading': loading,
    'manageLicenses.loading.assigned.loaded': loading,
    'manageLicenses.failed': (sent) => ({ error: licensesAlongPath(sent).error, notice: null, checkoutReturned }),
    'manageLicenses.ready.none': held,
    'manageLicenses.ready.assign.single.editing': held,
    'manageLicenses.ready.assign.single.submitting': held,
    'manageLicenses.ready.assign.bulk.editing': held,
    'manageLicenses.ready.assign.bulk.sending': held,
    'manageLicenses.ready.assign.bulk.next': held,
    'manageLicenses.ready.assign.bulk.finished': held,
    'manageLicenses.ready.unassign.confirming': held,
    'manageLicenses.ready.unassign.removing': held,
    'manageLicenses.ready.purchase.choosing': held,
    'manageLicenses.ready.purchase.redirecting': held,
    'manageLicenses.ready.upgrade': held,
    'manageLicenses.checkingOut': held,
  }
}

describe('manage licenses machine: generated paths', () => {
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contextTable(false) as ContextTable<unknown>, manageLicensesMachine))
  it('assigns: a row, assigned +1, available -1; unassigns: the reverse', () => {
    const actor = createActor(manageLicensesMachine.provide({ actors: idleActors(manageLicensesModel.actors) } as never), { input: manageLicensesInputs[0]! }).start()
    actor.send(done('loadStats', freeSeatStats))
    actor.send(done('loadAssigned', [ownSeat]))
    actor.send({ type: 'assign.open' })
    actor.send({ type: 'assign.submit', assignee: ada })
    actor.send(done('assignLicense', newSeat))
    let snapshot = actor.getSnapshot()
    expect(snapshot.context.stats).toMatchObject({ assigned: 2, available: 0 })
    expect(snapshot.context.assigned.map((row) => row.email)).toEqual(['commercial@example.com', 'ada@example.com'])
    expect(snapshot.context.notice).toBe('License assigned to ada@example.com.')
    expect(selectManageLicenses(snapshot).headerAction).toBe('purchase')
    actor.send({ type: 'unassign.request', license: newSeat })
    actor.send({ type: 'unassign.confirm' })
    actor.send(done('unassignLicense', undefined))
    snapshot = actor.getSnapshot()
    expect(snapshot.context.stats).toMatchObject({ assigned: 1, available: 1 })
    expect(snapshot.context.assigned).toEqual([ownSeat])
    expect(snapshot.context.notice).toBe('License unassigned from ada@example.com.')
  })
  it('sends pasted lines one by one and stops when no seat is left', () => {
    const actor = createActor(manageLicensesMachine.provide({ actors: idleActors(manageLicensesModel.actors) } as never), { input: manageLicensesInputs[0]! }).start()
    actor.send(done('loadStats', freeSeatStats))
    actor.send(done('loadAssigned', [ownSeat]))
    actor.send({ type: 'assign.open' })
    actor.send({ type: 'bulk.open' })
    actor.send({ type: 'bulk.change', lines: badLines })
    expect(actor.getSnapshot().can({ type: 'bulk.submit' })).toBe(false)
    actor.send({ type: 'bulk.change', lines: goodLines })
    actor.send({ type: 'bulk.submit' })
    actor.send(done('assignLicense', newSeat))
    expect(actor.getSnapshot().context.bulkResults).toEqual([{ status: 'assigned' }, { status: 'skipped' }])
    expect(actor.getSnapshot().matches({ ready: { assign: { bulk: 'finished' } } })).toBe(true)
  })
  for (const path of plan.paths) {
    it(`replays ${path.input?.checkoutReturned ? 'after checkout' : 'fresh'}: ${describePath(path.steps)}`, () =>
      replayPath(manageLicensesMachine, path, { actors: manageLicensesModel.actors, serialize: plan.serialize, expectations: expectContexts(contextTable(path.input!.checkoutReturned), path) }))
  }
})
