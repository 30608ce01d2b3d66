import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { selectManageLicenses } from '@/src/features/manage-licenses/manage-licenses.select'
import { idleActors } from '@/tests/support/run-paths'
import { ada, badLines, freeSeatStats, goodLines, manageLicensesInputs, manageLicensesModel, newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never

describe('manage licenses machine: assigning', () => {
  it('assigns: a row, assigned +1, available -1; unassigns: the reverse [S4.manage.assign S4.manage.unassign]', () => {
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
})
