import type { AnyStateMachine, AnyTransitionDefinition, EventFromLogic, EventObject, InputFrom, OutputFrom, Snapshot, SnapshotFrom } from 'xstate'
import { getInitialSnapshot } from 'xstate'
import { TestModel, type StatePath } from 'xstate/graph'
import { measureCoverage, type Coverage } from './coverage'
import type { MachineEffects } from './machine-effects'

type ActorsOf<TMachine extends AnyStateMachine> = TMachine['implementations']['actors']
export type MachinePath<TMachine extends AnyStateMachine> = StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>> & {
  input: InputFrom<TMachine> | undefined
}

/**
 * Outcomes to try for every invoked actor: its possible outputs and errors. Typed from the
 * machine, so an actor added without fixtures fails to compile.
 */
export type ActorFixtures<TMachine extends AnyStateMachine> = {
  [K in keyof ActorsOf<TMachine>]: { done: OutputFrom<ActorsOf<TMachine>[K]>[]; error: unknown[] }
}

/**
 * The done and error events of each invoke, as the graph traversal feeds them to the machine.
 * Machines name each invoke after its actor (`id` = `src`), so the ids are the fixtures' keys.
 */
export function actorEvents<TMachine extends AnyStateMachine>(fixtures: ActorFixtures<TMachine>) {
  const events: EventObject[] = []
  for (const [id, outcome] of Object.entries(fixtures) as [string, { done: unknown[]; error: unknown[] }][]) {
    for (const output of outcome.done) events.push({ type: `xstate.done.actor.${id}`, output } as EventObject)
    for (const error of outcome.error) events.push({ type: `xstate.error.actor.${id}`, error } as EventObject)
  }
  return events as EventFromLogic<TMachine>[]
}

export interface PathPlan<TMachine extends AnyStateMachine> {
  /** The machine's name in reports and file names. */
  name: string
  machine: TMachine
  /** The actors the machine invokes (fakes replace them when paths are replayed). */
  actors: readonly string[]
  events: readonly EventFromLogic<TMachine>[]
  /** Inputs to start from; each gives its own paths. */
  inputs?: InputFrom<TMachine>[]
  /** The input's fields that name actors the machine tells (docs/decisions/0035): replays give each a recorder. */
  addressees?: readonly string[]
  /** The machine's actions and actors that are an effect its oracle names; replays hold them to the oracle (decision 0076). */
  effects?: MachineEffects
  /** What makes two snapshots different for the model; defaults to value and context. */
  serialize?: (snapshot: SnapshotFrom<TMachine>) => unknown
}

export const defaultSerialize = (snapshot: Snapshot<unknown>) => {
  const { value, context } = snapshot as unknown as { value: unknown; context: unknown }
  return { value, context }
}

/**
 * Paths that reach every state (the shortest to each) and take every transition (the shortest
 * path to a state, then the event that takes a transition no other path took), from each input,
 * and the coverage they reach.
 */
export function planPaths<TMachine extends AnyStateMachine>(plan: PathPlan<TMachine>) {
  const serialize = (snapshot: Snapshot<unknown>) => JSON.stringify((plan.serialize ?? defaultSerialize)(snapshot as SnapshotFrom<TMachine>))
  const inputs = plan.inputs ?? [undefined]
  const paths: MachinePath<TMachine>[] = []
  const taken = new Set<AnyTransitionDefinition>()
  for (const input of inputs) {
    const model = new TestModel(plan.machine, { events: [...plan.events], serializeState: serialize, input })
    const shortest = model.getShortestPaths({ input, allowDuplicatePaths: true })
    const toState = new Map(shortest.map((path) => [serialize(path.state), path]))
    for (const path of shortest) {
      paths.push({ state: path.state, steps: path.steps, weight: path.weight, input: input as InputFrom<TMachine> | undefined } as MachinePath<TMachine>)
      forEachStep(path.steps, (previous, event) => plan.machine.getTransitionData(previous as never, event as never).forEach((t) => taken.add(t)))
    }
    const adjacency = model.getAdjacencyMap() as unknown as Record<string, { state: Snapshot<unknown>; transitions: Record<string, { event: EventObject; state: Snapshot<unknown> }> }>
    for (const [stateKey, { state, transitions }] of Object.entries(adjacency)) {
      const prefix = toState.get(stateKey)
      if (!prefix) continue
      for (const { event, state: next } of Object.values(transitions)) {
        const definitions = plan.machine.getTransitionData(state as never, event as never) as AnyTransitionDefinition[]
        if (definitions.length === 0 || definitions.every((definition) => taken.has(definition))) continue
        definitions.forEach((definition) => taken.add(definition))
        paths.push({ state: next, weight: prefix.weight + 1, steps: [...prefix.steps, { event, state: next }], input } as unknown as MachinePath<TMachine>)
      }
    }
  }
  const initials = inputs.map((input) => getInitialSnapshot(plan.machine as AnyStateMachine, input))
  const coverage: Coverage = measureCoverage(plan.machine, paths, initials)
  return { paths, coverage, serialize }
}

function forEachStep(steps: { event: EventObject; state: Snapshot<unknown> }[], visit: (previous: Snapshot<unknown>, event: EventObject) => void) {
  for (let index = 1; index < steps.length; index++) visit(steps[index - 1]!.state, steps[index]!.event)
}

/** A path as the events that drive it, with their payloads in brief, for test names and the catalogue. */
export function describePath(steps: { event: EventObject }[]): string {
  const names = steps.filter((step) => step.event.type !== 'xstate.init').map((step) => describeEvent(step.event))
  return names.length ? names.join(' → ') : '(start)'
}

/** An input in a test's title: its plain values, such as ` (checkoutReturned=true)`. */
export function describeInput(input: unknown) {
  const plain = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => value === null || typeof value !== 'object')
  return plain.length ? ` (${plain.map(([key, value]) => `${key}=${String(value)}`).join(', ')})` : ''
}

export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>
  const name = type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'done:' : 'error:'))
  const details = Object.values(payload)
    .map((value) => brief(value))
    .filter(Boolean)
    .join(', ')
  return details ? `${name}(${details})` : name
}

function brief(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(brief).join(' ')}]`
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    const named = record.errorCode ?? record.localAccountId ?? record.message ?? record.status
    if (named !== undefined) return String(named)
    return Object.entries(record)
      .filter(([, field]) => field !== null && field !== undefined && !(Array.isArray(field) && field.length === 0))
      .map(([key, field]) => `${key}=${brief(field)}`)
      .join(' ')
  }
  return ''
}

/**
 * A few of the paths that together still reach every state and transition the whole set reaches
 * (greedy: each pick adds the most not yet covered). For the slower levels: components, browsers.
 */
export function coveringPaths<TMachine extends AnyStateMachine>(machine: TMachine, paths: MachinePath<TMachine>[]): MachinePath<TMachine>[] {
  const covers = paths.map((path) => {
    // From the path's start too: an input can start the machine through an eventless transition.
    const coverage = measureCoverage(machine, [path as never], [path.steps[0]!.state as Snapshot<unknown>])
    const all = measureCoverage(machine, [], [])
    const missing = new Set([...coverage.states.missing, ...coverage.transitions.missing])
    return new Set([...all.states.missing, ...all.transitions.missing].filter((item) => !missing.has(item)))
  })
  const covered = new Set<string>()
  const chosen: MachinePath<TMachine>[] = []
  for (;;) {
    let best = -1
    let gain = 0
    covers.forEach((items, index) => {
      const added = [...items].filter((item) => !covered.has(item)).length
      if (added > gain || (added === gain && added > 0 && paths[index]!.steps.length < paths[best]!.steps.length)) {
        best = index
        gain = added
      }
    })
    if (best < 0 || gain === 0) return chosen
    chosen.push(paths[best]!)
    covers[best]!.forEach((item) => covered.add(item))
  }
}
