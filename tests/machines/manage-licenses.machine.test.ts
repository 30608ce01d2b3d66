import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { manageLicensesMachine } from '../../machines/manage-licenses.machine'
import { selectManageLicenses } from '../../src/features/manage-licenses/manage-licenses.select'
import { describePath, planPaths } from '../../testkit/model/paths'
import { idleActors, replayPath } from '../support/run-paths'
import { ada, badLines, freeSeatStats, goodLines, manageLicensesInputs, manageLicensesModel, newSeat, ownSeat } from '../../testkit/models/manage-licenses.model'
import { manageLicensesOracle } from '../../testkit/oracles/manage-licenses.oracle'

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never

const plan = planPaths(manageLicensesModel)

describe('manage licenses machine: generated paths', () => {
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })
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
      replayPath(manageLicensesMachine, path, { actors: manageLicensesModel.actors, addressees: manageLicensesModel.addressees, serialize: plan.serialize, oracle: manageLicensesOracle }))
  }
})
