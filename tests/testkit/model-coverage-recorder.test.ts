import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup, waitFor, type AnyStateMachine } from 'xstate'
import { executedCoverage } from '@/testkit/model/coverage'
import { coverageTable, readRecorded } from '@/testkit/model/coverage-report'
import { oracleCoverageTable } from '@/testkit/model/oracle-coverage'
import type { Oracle } from '@/testkit/model/oracle'
import { createRecorder, writeRecorded } from '@/testkit/model/recorder'
import type { PathPlan } from '@/testkit/model/paths'

/** A door with every kind of transition the recorder must count: guarded, eventless, done-state and actor-done ones. */
const door = setup({
  types: { context: {} as { locked: boolean }, events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock' } },
  actors: { unlock: fromPromise(async () => {}) },
  guards: { locked: ({ context }) => context.locked },
}).createMachine({
  id: 'door',
  context: { locked: false },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'locked', target: 'unlocking' }, { target: 'closed' }] },
    unlocking: { invoke: { id: 'unlock', src: 'unlock', onDone: { target: 'closed' } } },
    closed: { on: { open: [{ guard: 'locked', target: 'closed' }, { target: 'opening' }], lock: { actions: () => {} } } },
    opening: { initial: 'moving', states: { moving: { on: { open: 'still' } }, still: { type: 'final' } }, onDone: 'open' },
    open: { on: { close: 'closed' } },
  },
})

/** Runs the door through the events, recording what it did. */
function run(types: ('open' | 'close' | 'lock')[]) {
  const recorder = createRecorder()
  const actor = createActor(door, { inspect: recorder.record }).start()
  types.forEach((type) => actor.send({ type }))
  actor.stop()
  return recorder
}

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('coverage from what ran (testkit/model/recorder.ts)', () => {
  it('counts eventless and done-state transitions, and the states a run passed through', () => {
    const executed = run(['open', 'open', 'close', 'lock']).executedByMachine().door
    expect(executed?.transitions).toEqual(
      expect.arrayContaining([
        'door.deciding --always[1]-->',
        'door.closed --open[1]-->',
        'door.opening.moving --open[0]-->',
        'door.opening --xstate.done.state.door.opening[0]-->',
        'door.open --close[0]-->',
        'door.closed --lock[0]-->',
      ]),
    )
    // The transient state is entered and left within the start; it still counts as entered.
    expect(executed?.states).toEqual(expect.arrayContaining(['door.deciding', 'door.closed', 'door.opening', 'door.opening.moving', 'door.opening.still', 'door.open']))
  })

  it('keeps the outcomes each guard gave: false where XState weighed it and passed over it, true where its transition was taken', async () => {
    const recorder = createRecorder()
    const unlocked = createActor(door, { inspect: recorder.record }).start()
    unlocked.send({ type: 'open' })
    unlocked.stop()
    expect(recorder.executedByMachine().door?.guards).toEqual(['door.closed --open[0]-->=false', 'door.deciding --always[0]-->=false'])
    const locked = createActor(door.provide({ guards: { locked: () => true } }), { inspect: recorder.record }).start()
    await waitFor(locked, (snapshot) => snapshot.matches('closed'))
    locked.send({ type: 'open' })
    locked.stop()
    expect(recorder.executedByMachine().door?.guards).toEqual([
      'door.closed --open[0]-->=false',
      'door.closed --open[0]-->=true',
      'door.deciding --always[0]-->=false',
      'door.deciding --always[0]-->=true',
    ])
  })

  it('reports what a run left out: a test that stops early lowers the figure', () => {
    const coverage = executedCoverage(door, run(['open']).executedByMachine().door)
    expect(coverage.states.missing).toEqual(['door.unlocking', 'door.opening.still', 'door.open'])
    expect(coverage.transitions.missing).toEqual([
      'door.deciding --always[0]-->',
      'door.unlocking --xstate.done.actor.unlock[0]-->',
      'door.closed --open[0]-->',
      'door.closed --lock[0]-->',
      'door.opening --xstate.done.state.door.opening[0]-->',
      'door.opening.moving --open[0]-->',
      'door.open --close[0]-->',
    ])
    expect(coverage.states.covered).toBe(coverage.states.total - 3)
  })

  it('merges what the workers wrote, and names each machine below 100% with what it misses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-model-'))
    dirs.push(dir)
    writeRecorded(dir, 'component', run(['open', 'open']))
    writeRecorded(dir, 'component', run(['open', 'open', 'close']))
    const plan = { name: 'door', machine: door as AnyStateMachine, actors: ['unlock'], events: [] } as PathPlan<AnyStateMachine>
    const { lines, belowFull } = coverageTable([plan], readRecorded(dir, 'component'))
    expect(lines[2]).toBe('door     6/7 (85%)  5/9 (55%)')
    expect(belowFull).toEqual([
      {
        machine: 'door',
        missing: [
          'state door.unlocking',
          'transition door.deciding --always[0]-->',
          'transition door.unlocking --xstate.done.actor.unlock[0]-->',
          'transition door.closed --open[0]-->',
          'transition door.closed --lock[0]-->',
        ],
      },
    ])
  })

  it('reports what the tests checked of an oracle, in its words, out of what its own paths find', () => {
    // The door as a person tells it: shut, swinging open, wide open; closing shuts it from wide open only.
    const moves: Record<string, string> = { 'shut open': 'swinging open', 'swinging open open': 'wide open', 'wide open close': 'shut' }
    const oracle: Oracle<void, object> = { start: () => ({ state: 'shut', held: {} }), after: (now, event) => ({ state: moves[`${now.state} ${event.type}`] ?? now.state, held: {} }) }
    const recorder = createRecorder()
    recorder.recordOracle('door', ['shut'])
    recorder.recordOracle('door', ['swinging open'], { move: 'shut --open--> swinging open' })
    // Closing while it swings open changes nothing: one of the door's three refusals (each state refuses one of the two events).
    recorder.recordOracle('door', ['swinging open'], { refusal: 'swinging open --close--x' })
    const dir = mkdtempSync(join(tmpdir(), 'coverage-model-'))
    dirs.push(dir)
    writeRecorded(dir, 'machine', recorder)
    const plan = { name: 'door', machine: door as AnyStateMachine, actors: [], events: [{ type: 'open' }, { type: 'close' }] } as unknown as PathPlan<AnyStateMachine>
    expect(oracleCoverageTable([{ model: plan, oracle }], readRecorded(dir, 'machine'))[2]).toBe('door     2/3 (66%)  1/3 (33%)    1/3 (33%)')
  })
})
