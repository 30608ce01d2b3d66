import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate'
import { allModels } from '@/testkit/model/node-flows'
import { transitionKey } from '@/testkit/model/coverage'
import { noteOracleStep, oracleKey, refusalsField, type ExecutedByMachine } from '@/testkit/model/recorder'
import type { OracleStep } from '@/testkit/model/oracle-paths'
import { browserCoverageDir } from '@/testkit/model/recorded-levels'

/** A transition the page saw taken: its source state, its event (null: eventless) and its place among the source's transitions for it. */
export interface TakenTransition {
  source: string
  event: string | null
  index: number
}

/** What one machine actor's step in the page entered and took, sent once per document and fact. */
export interface MachineStep {
  machine: string
  states: string[]
  transitions: TakenTransition[]
}

/** The binding through which the page hands its steps to the test (Playwright's exposeBinding). */
export const stepBinding = '__prismRecordMachineStep'

/** The browser level's records under a project's output folder, as testkit/model/coverage-report.ts reads them. */
export const modelCoverageDir = browserCoverageDir

/**
 * Runs in every document of the test's browser before the app's scripts: defines the observation
 * point the app's actors report to (src/ui/app-actors.ts) and turns each inspection event of a
 * machine actor into plain facts (state and transition ids), which it sends to the test once per
 * document. Self-contained: Playwright sends the function's text to the page.
 *
 * A step taken just before the page leaves (a transition that navigates to another document) can
 * be lost with the page: Playwright drops a binding call whose document is already gone. So each
 * step waits in the tab's session storage (machine and state ids only) until the test has it, and
 * the tab's next document sends again what is still waiting; the record keeps facts once.
 */
export function observeMachines(binding: string) {
  type Node = { id: string; always?: unknown[]; transitions: Map<string, unknown[]> }
  type Transition = { source: Node; eventType: string; target?: Node[] }
  type Inspected = { type: string; actorRef?: { logic?: { id?: unknown; root?: unknown } }; snapshot?: { _nodes?: Node[] }; _transitions?: Transition[] }
  const sent = new Set<string>()
  const waitingKey = `${binding}.waiting`
  const waiting = (): string[] => {
    try {
      return JSON.parse(window.sessionStorage.getItem(waitingKey) ?? '[]') as string[]
    } catch {
      return [] // a document without session storage (about:blank, a sandboxed frame)
    }
  }
  const keep = (steps: string[]) => {
    try {
      if (steps.length) window.sessionStorage.setItem(waitingKey, JSON.stringify(steps))
      else window.sessionStorage.removeItem(waitingKey)
    } catch {
      // no session storage here: the step is sent once, as before
    }
  }
  const deliver = (text: string) =>
    (window as unknown as Record<string, (step: MachineStep) => Promise<void>>)[binding]!(JSON.parse(text) as MachineStep).then(
      () => keep(waiting().filter((other) => other !== text)),
      () => {},
    )
  const send = (step: MachineStep) => {
    const text = JSON.stringify(step)
    keep([...waiting(), text])
    return deliver(text)
  }
  for (const text of waiting()) void deliver(text)
  ;(window as unknown as { __prismInspect: (event: Inspected) => void }).__prismInspect = (event) => {
    if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return
    const logic = event.actorRef?.logic
    if (!logic?.root || typeof logic.id !== 'string') return
    const step: MachineStep = { machine: logic.id, states: [], transitions: [] }
    const isNew = (fact: string) => {
      const key = `${step.machine} ${fact}`
      if (sent.has(key)) return false
      sent.add(key)
      return true
    }
    const enter = (nodes: Node[] | undefined) => nodes?.forEach((node) => isNew(node.id) && step.states.push(node.id))
    enter(event.snapshot?._nodes)
    for (const transition of event._transitions ?? []) {
      const source = transition.source
      const eventless = source.always?.indexOf(transition) ?? -1
      const taken: TakenTransition =
        eventless >= 0
          ? { source: source.id, event: null, index: eventless }
          : { source: source.id, event: transition.eventType, index: source.transitions.get(transition.eventType)?.indexOf(transition) ?? -1 }
      if (isNew(JSON.stringify(taken))) step.transitions.push(taken)
      // A transition runs from a state that was active, into its targets (a transient one is left at once).
      enter([source, ...(transition.target ?? [])])
    }
    if (step.states.length || step.transitions.length) void send(step)
  }
}

const machines = new Map<string, AnyStateMachine>(allModels.map((model) => [model.machine.id, model.machine]))

/**
 * What ran in this worker's browsers, by machine, with each transition found again in the machine
 * imported from machines/, so its key is the one the other levels record.
 */
export function createBrowserRecord() {
  const executed = new Map<string, { states: Set<string>; transitions: Set<string>; refusals: Set<string> }>()
  const entryOf = (id: string) => {
    let entry = executed.get(id)
    if (!entry) executed.set(id, (entry = { states: new Set(), transitions: new Set(), refusals: new Set() }))
    return entry
  }

  function add(step: MachineStep) {
    const machine = machines.get(step.machine)
    if (!machine) return
    const entry = entryOf(machine.id)
    for (const id of step.states) entry.states.add(nodeOf(machine, id).id)
    for (const taken of step.transitions) entry.transitions.add(transitionKey(definitionOf(machine, taken)))
  }

  /** A step a browser check of the page agreed with the oracle on (e2e/support/oracle-step.ts), beside the machine's own record. */
  function addOracle(machineId: string, states: readonly string[], step?: OracleStep) {
    noteOracleStep(entryOf(oracleKey(machineId)), states, step)
  }

  /** Writes everything this worker recorded so far to its own file (the reporter merges them). */
  function write(outputDir: string, workerIndex: number) {
    const folder = join(modelCoverageDir(outputDir), 'browser')
    mkdirSync(folder, { recursive: true })
    const recorded: ExecutedByMachine = Object.fromEntries(
      [...executed].map(([id, { states, transitions, refusals }]) => [id, { states: [...states], transitions: [...transitions], ...refusalsField(refusals) }]),
    )
    writeFileSync(join(folder, `worker-${workerIndex}.json`), JSON.stringify(recorded))
  }

  const record = { add, addOracle, write }
  workerRecord = record
  return record
}

/** This worker's record (a worker fixture: one a worker process), which the tours' oracle checks add to. */
let workerRecord: ReturnType<typeof createBrowserRecord> | undefined

/** Records at the browser level a step a browser check agreed with the oracle on (a tour's, or the upgrade wizard's paths). */
export const recordOracleInBrowser = (machineId: string, states: readonly string[], step?: OracleStep) => workerRecord?.addOracle(machineId, states, step)

// A state or transition the machines do not have: the page runs another build of them. The error
// reaches the page as a rejected promise, which fails the test.
const staleBuild = (what: string) => new Error(`The page ran ${what}, which machines/ does not have: run npm run build.`)

function nodeOf(machine: AnyStateMachine, id: string) {
  try {
    return machine.getStateNodeById(id)
  } catch {
    throw staleBuild(`the state ${id}`)
  }
}

function definitionOf(machine: AnyStateMachine, taken: TakenTransition): AnyTransitionDefinition {
  const source = nodeOf(machine, taken.source)
  const definition = (taken.event === null ? source.always : source.transitions.get(taken.event))?.[taken.index]
  if (!definition) throw staleBuild(`a transition of ${taken.source} on ${taken.event ?? 'always'} (${taken.index})`)
  return definition
}
