import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { stripVTControlCharacters as stripAnsi } from 'node:util'
import { initialTransition, transition, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject, type Snapshot } from 'xstate'
import { idOf, toMermaid } from '@/src/devtools/mermaid'
import { expectedAlong, leavesOf, type Oracle, type State } from './oracle'
import { describeEvent, describeInput } from './paths'

/** Where failing paths are written: beside Playwright's results, which git ignores. */
export const failingPathsDir = 'test-results/failing-paths'

/** A path that failed: its input, its events, the step that failed (its index in `events`), where the oracle said the flow must be then, and why. */
export interface FailedWalk {
  input: unknown
  events: readonly EventObject[]
  failedAt: number
  expected?: State
  error: unknown
}

type Walked = Snapshot<unknown> & { _nodes: AnyStateNode[] }
const leafIds = (snapshot: Walked) => snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.id)

/**
 * The machine's diagram with a failed path drawn on it: each state the path rested in names the
 * steps it rested there ("· 1, 3"), each transition it took starts with its step ("#2"), the state
 * of the failing step says so ("✗ step 4") and is filled red, and the state the oracle expected
 * there, where it is another, says "expected at step 4" with a dashed green border. The machine
 * is run on its own (no actor is started): the planned path as the machine walks it.
 */
export function failingPathDiagram(machine: AnyStateMachine, walk: FailedWalk): string {
  const restedAt = new Map<string, number[]>()
  const takenAt = new Map<AnyTransitionDefinition, number[]>()
  const note = <K>(map: Map<K, number[]>, key: K, step: number) => map.set(key, [...(map.get(key) ?? []), step])
  let [snapshot] = initialTransition(machine, walk.input) as unknown as [Walked]
  let failedIn: string[] = []
  walk.events.slice(0, walk.failedAt + 1).forEach((event, step) => {
    if (event.type !== 'xstate.init') {
      for (const taken of machine.getTransitionData(snapshot as never, event as never) as AnyTransitionDefinition[]) note(takenAt, taken, step)
      snapshot = transition(machine, snapshot as never, event as never)[0] as unknown as Walked
    }
    for (const id of leafIds(snapshot)) note(restedAt, id, step)
    if (step === walk.failedAt) failedIn = leafIds(snapshot)
  })
  const expected = walk.expected === undefined ? [] : leavesOf(walk.expected).filter((id) => !failedIn.includes(id))
  const text = toMermaid(machine, {
    state: (node) =>
      [
        restedAt.has(node.id) ? ` · ${restedAt.get(node.id)!.join(', ')}` : '',
        failedIn.includes(node.id) ? ` ✗ step ${walk.failedAt}` : '',
        expected.includes(node.id) ? ` ◎ expected at step ${walk.failedAt}` : '',
      ].join(''),
    transition: (definition) => (takenAt.has(definition) ? `#${takenAt.get(definition)!.join(',#')} ` : ''),
  })
  const nodeOf = (id: string) => machine.getStateNodeById(id)
  const walked = [...restedAt.keys()].filter((id) => !failedIn.includes(id) && !expected.includes(id))
  return [
    text,
    '  classDef walked fill:#d0ebff,stroke:#1864ab,stroke-width:2px,color:#000',
    '  classDef failed fill:#ffe3e3,stroke:#c92a2a,stroke-width:3px,color:#000',
    '  classDef expected fill:#fff,stroke:#2b8a3e,stroke-width:3px,stroke-dasharray:5 3,color:#000',
    ...(
      [
        ['walked', walked],
        ['failed', failedIn],
        ['expected', expected],
      ] as const
    )
      .filter(([, ids]) => ids.length)
      .map(([name, ids]) => `  class ${ids.map((id) => idOf(nodeOf(id))).join(',')} ${name}`),
  ].join('\n')
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').find((line) => line.trim()) ?? ''

/** The page QA opens for a failed path: what failed, the diagram with the path on it, and the steps. */
export function failingPathPage(name: string, level: string, machine: AnyStateMachine, walk: FailedWalk): string {
  const steps = walk.events.slice(0, walk.failedAt + 1).map((event, step) => `${step}. ${event.type === 'xstate.init' ? 'start' : describeEvent(event)}${step === walk.failedAt ? ' ✗' : ''}`)
  return [
    `# ${name}: a ${level} path failed at step ${walk.failedAt}`,
    '',
    `Input${describeInput(walk.input) || ': none'}. ${stripAnsi(firstLine(walk.error))}`,
    '',
    'Blue: the states the path rested in, with its steps; #n: the transition of step n; red (✗): where the machine was when the step failed; dashed green (◎): where the oracle said it must be, when another state.',
    '',
    '```mermaid',
    failingPathDiagram(machine, walk),
    '```',
    '',
    '## Steps',
    '',
    ...steps,
    '',
  ].join('\n')
}

/** Where the oracle says the flow must be after each step of `events` (for the failing step's mark). */
export const expectedStateAt =
  (oracle: Oracle<never, unknown, State>, input: unknown, events: readonly EventObject[]) =>
  (step: number): State =>
    expectedAlong(oracle, input as never, events.slice(0, step + 1)).state

/** Writes the page of a failed path (one file per flow, level and path) and answers its path, for the failure's message. */
export function writeFailingPath(name: string, level: string, machine: AnyStateMachine, walk: FailedWalk): string {
  mkdirSync(failingPathsDir, { recursive: true })
  const events = walk.events.map((event) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1-').replace(/[^\w-]+/g, '-'))
  const file = join(failingPathsDir, `${name}.${level}.${events.slice(1).join('.').slice(0, 120) || 'start'}.md`)
  writeFileSync(file, failingPathPage(name, level, machine, walk))
  return file
}

/** A walk of a path: its flow's name, level, machine, input and events, the oracle's state after a step where it has an oracle, and what to do with a failed path's page (a browser test attaches it). */
export interface PathWalkPlace {
  name: string
  level: string
  machine: AnyStateMachine
  input: unknown
  events: readonly EventObject[]
  expectedAt?: (step: number) => State | undefined
  drawn?: (file: string) => Promise<void>
}

/**
 * Runs a path's steps (`walk(index)` for each), and when one fails, writes its page and fails with
 * the same error, its message ending with the file's name.
 */
export async function withFailingPath(where: PathWalkPlace, walk: (step: number) => unknown): Promise<void> {
  for (let step = 0; step < where.events.length; step++) {
    try {
      await walk(step)
    } catch (error) {
      const file = drawnOn(error, where, step)
      // Attaching must never hide the failure itself.
      if (file) await where.drawn?.(file).catch(() => undefined)
      throw error
    }
  }
}

/** The same for a walk that runs without awaiting (the machine level). */
export function withFailingPathSync(where: PathWalkPlace, walk: (step: number) => void): void {
  for (let step = 0; step < where.events.length; step++) {
    try {
      walk(step)
    } catch (error) {
      drawnOn(error, where, step)
      throw error
    }
  }
}

/** Writes the failed path's page and names it at the end of the error's message; answers the file, or null when it could not be drawn. */
function drawnOn(error: unknown, where: PathWalkPlace, step: number): string | null {
  let expected: State | undefined
  try {
    expected = where.expectedAt?.(step)
  } catch {
    // An oracle that cannot say (the failure may be its own) draws no expected state.
  }
  try {
    const file = writeFailingPath(where.name, where.level, where.machine, { input: where.input, events: where.events, failedAt: step, expected, error })
    if (error instanceof Error) error.message = `${error.message}\n\nThe path on the diagram: ${file}`
    return file
  } catch (drawing) {
    // Drawing must never hide the failure itself.
    if (error instanceof Error) error.message = `${error.message}\n\n(The path could not be drawn: ${firstLine(drawing)})`
    return null
  }
}
