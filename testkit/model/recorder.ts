import { mkdirSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate'
import { transitionKey } from './coverage'

/** Where a run was seen: a bare actor, a real view over fake actors, or the app in a browser. */
export type Level = 'machine' | 'component' | 'browser'

/** What ran of one machine: the ids of the states entered and the keys of the transitions taken. */
export interface Executed {
  states: string[]
  transitions: string[]
}

/** What ran, by machine id (and what of each machine's oracle was checked, by `oracleKey`). */
export type ExecutedByMachine = Record<string, Executed>

/** Where an oracle's states and moves are recorded beside its machine's: no machine id has a colon. */
export const oracleKey = (machineId: string) => `oracle:${machineId}`

type MachineLike = { id: string; root: AnyStateNode }
type MachineSnapshotLike = { _nodes?: AnyStateNode[] }

/**
 * Keeps, from XState's inspection events, the states each machine actor entered and the
 * transitions it took. A microstep names the transitions it took (`_transitions`), eventless and
 * done-state ones included, and its snapshot the states it came to; an actor's first snapshot
 * names the states it started in.
 */
export function createRecorder() {
  const executed = new Map<string, { states: Set<string>; transitions: Set<string> }>()
  const of = (id: string) => {
    let entry = executed.get(id)
    if (!entry) executed.set(id, (entry = { states: new Set(), transitions: new Set() }))
    return entry
  }
  const enter = (machine: MachineLike, nodes: readonly AnyStateNode[] | undefined) => nodes?.forEach((node) => of(machine.id).states.add(node.id))

  function record(event: InspectionEvent) {
    const machine = (event.actorRef as { logic?: Partial<MachineLike> }).logic
    if (!machine?.root || typeof machine.id !== 'string') return
    const logic = machine as MachineLike
    if (event.type === '@xstate.snapshot') enter(logic, (event.snapshot as MachineSnapshotLike)._nodes)
    if (event.type !== '@xstate.microstep') return
    enter(logic, (event.snapshot as MachineSnapshotLike)._nodes)
    for (const transition of event._transitions as AnyTransitionDefinition[]) {
      of(logic.id).transitions.add(transitionKey(transition))
      // A transition runs from a state that was active, into its targets (a transient one is left at once).
      enter(logic, [transition.source, ...(transition.target ?? [])])
    }
  }

  /**
   * Records a step an oracle's check agreed with: the oracle's states, and its move (`from --event--> to`)
   * when the step changed what it expects. Kept beside the machine's own, under `oracleKey(machineId)`.
   */
  function recordOracle(machineId: string, states: readonly string[], move?: string) {
    const entry = of(oracleKey(machineId))
    states.forEach((state) => entry.states.add(state))
    if (move) entry.transitions.add(move)
  }

  /** What was recorded so far, by machine id. */
  function executedByMachine(): ExecutedByMachine {
    return Object.fromEntries([...executed].map(([id, { states, transitions }]) => [id, { states: [...states].sort(), transitions: [...transitions].sort() }]))
  }

  return { record, recordOracle, executedByMachine, clear: () => executed.clear() }
}

export type Recorder = ReturnType<typeof createRecorder>

/**
 * One recorder per level in this worker. `npm run test:model` sets MODEL_COVERAGE_DIR; each test
 * file then writes what its level recorded there (see `writeRecorded`), for scripts/test-model.ts.
 */
export const recorders: Record<Level, Recorder> = { machine: createRecorder(), component: createRecorder(), browser: createRecorder() }

/** The inspector that records at a level: pass it as `inspect` to `createActor`. */
export const inspectAt = (level: Level) => recorders[level].record

/** The folder of the recorded runs, when this run records them. */
export const recordedDir = () => process.env.MODEL_COVERAGE_DIR

/** Writes what a recorder holds to `<dir>/<level>/<unique>.json` and forgets it. */
export function writeRecorded(dir: string, level: Level, recorder: Recorder) {
  const executed = recorder.executedByMachine()
  recorder.clear()
  if (Object.keys(executed).length === 0) return
  mkdirSync(join(dir, level), { recursive: true })
  writeFileSync(join(dir, level, `${process.env.VITEST_POOL_ID ?? process.pid}-${randomUUID()}.json`), JSON.stringify(executed))
}
