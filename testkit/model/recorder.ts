import { mkdirSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate'
import { guardOutcome, transitionKey } from './coverage'
import type { OracleStep } from './oracle-paths'

/** Where a run was seen: a bare actor, a real view over fake actors, or the app in a browser. */
export type Level = 'machine' | 'component' | 'browser'

/** What ran of one machine: the ids of the states entered, the keys of the transitions taken, and the outcomes its guards gave (`guardOutcome`). */
export interface Executed {
  states: string[]
  transitions: string[]
  /** Absent from records made before guards were recorded. */
  guards?: string[]
  /** Of an oracle's record: the events it refuses where it stands that were sent there and changed nothing (`refusalName`). */
  refusals?: string[]
}

/** What an oracle's record keeps of the steps checks agreed with (`noteOracleStep`). */
export interface OracleEntry {
  states: Set<string>
  transitions: Set<string>
  refusals: Set<string>
}

/** Adds to an oracle's record a step a check agreed with: its states, and its move or the refusal it checked. At every level. */
export function noteOracleStep(entry: OracleEntry, states: readonly string[], step?: OracleStep) {
  states.forEach((state) => entry.states.add(state))
  if (step && 'move' in step) entry.transitions.add(step.move)
  if (step && 'refusal' in step) entry.refusals.add(step.refusal)
}

/** An oracle's refusals as a record writes them: absent where none were checked (a machine's own record has none). */
export const refusalsField = (refusals: ReadonlySet<string>) => (refusals.size ? { refusals: [...refusals].sort() } : {})

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
  const executed = new Map<string, { states: Set<string>; transitions: Set<string>; guards: Set<string>; refusals: Set<string> }>()
  const of = ({ id }: { id: string }) => {
    let entry = executed.get(id)
    if (!entry) executed.set(id, (entry = { states: new Set(), transitions: new Set(), guards: new Set(), refusals: new Set() }))
    return entry
  }
  const enter = (machine: MachineLike, nodes: readonly AnyStateNode[] | undefined) => nodes?.forEach((node) => of(machine).states.add(node.id))
  /** Per actor: its snapshot after its last macrostep, and the transitions its microsteps took since. */
  const settled = new WeakMap<object, { nodes: readonly AnyStateNode[] | null; taken: Set<AnyTransitionDefinition> }>()
  const pending = (actor: object) => {
    let entry = settled.get(actor)
    // The microsteps of an actor's start come before its first snapshot.
    if (!entry) settled.set(actor, (entry = { nodes: null, taken: new Set() }))
    return entry
  }

  function record(event: InspectionEvent) {
    const machine = (event.actorRef as { logic?: Partial<MachineLike> }).logic
    if (!machine?.root || typeof machine.id !== 'string') return
    const logic = machine as MachineLike
    if (event.type === '@xstate.snapshot') {
      const nodes = (event.snapshot as MachineSnapshotLike)._nodes ?? []
      enter(logic, nodes)
      const before = settled.get(event.actorRef)
      if (before?.nodes && event.event.type !== 'xstate.init') noteEventGuards(of(logic).guards, before.nodes, event.event.type, before.taken)
      noteEventlessGuards(of(logic).guards, nodes, before?.taken ?? new Set())
      settled.set(event.actorRef, { nodes, taken: new Set() })
    }
    if (event.type !== '@xstate.microstep') return
    enter(logic, (event.snapshot as MachineSnapshotLike)._nodes)
    for (const transition of event._transitions as AnyTransitionDefinition[]) {
      of(logic).transitions.add(transitionKey(transition))
      pending(event.actorRef).taken.add(transition)
      // A transition runs from a state that was active, into its targets (a transient one is left at once).
      enter(logic, [transition.source, ...(transition.target ?? [])])
    }
  }

  /**
   * Records a step an oracle's check agreed with: the oracle's states, and its move (`from --event--> to`)
   * when the step changed what it expects, or the refusal it checked when it did not. Kept beside the
   * machine's own, under `oracleKey(machineId)`.
   */
  function recordOracle(machineId: string, states: readonly string[], step?: OracleStep) {
    noteOracleStep(of({ id: oracleKey(machineId) }), states, step)
  }

  /** What was recorded so far, by machine id. */
  function executedByMachine(): ExecutedByMachine {
    const sorted = (items: Set<string>) => [...items].sort()
    return Object.fromEntries(
      [...executed].map(([id, { states, transitions, guards, refusals }]) => [id, { states: sorted(states), transitions: sorted(transitions), guards: sorted(guards), ...refusalsField(refusals) }]),
    )
  }

  return { record, recordOracle, executedByMachine, clear: () => executed.clear() }
}

/**
 * The guards an event met, as XState weighs them: from each active leaf up to the root, each
 * transition for the event in order until one is taken; a guarded one passed over said false, the
 * guarded one taken said true.
 */
function noteEventGuards(guards: Set<string>, before: readonly AnyStateNode[], eventType: string, taken: ReadonlySet<AnyTransitionDefinition>) {
  for (const leaf of before.filter((node) => node.type === 'atomic' || node.type === 'final')) {
    walk: for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
      for (const transition of (node.transitions.get(eventType) ?? []) as AnyTransitionDefinition[]) {
        if (taken.has(transition)) {
          if (transition.guard) guards.add(guardOutcome(transition, true))
          break walk
        }
        if (transition.guard) guards.add(guardOutcome(transition, false))
      }
    }
  }
}

/**
 * Eventless guards: the one taken said true, and the guarded ones of its state before it said
 * false; once the actor settles, every guarded one of its active states says false (else it would
 * have been taken).
 */
function noteEventlessGuards(guards: Set<string>, after: readonly AnyStateNode[], taken: ReadonlySet<AnyTransitionDefinition>) {
  for (const transition of taken) {
    const siblings = (transition.source.always ?? []) as AnyTransitionDefinition[]
    const place = siblings.indexOf(transition)
    if (place < 0) continue
    if (transition.guard) guards.add(guardOutcome(transition, true))
    for (const before of siblings.slice(0, place)) if (before.guard) guards.add(guardOutcome(before, false))
  }
  for (const node of after) for (const transition of (node.always ?? []) as AnyTransitionDefinition[]) if (transition.guard) guards.add(guardOutcome(transition, false))
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
