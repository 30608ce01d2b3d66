import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, Snapshot } from 'xstate'
import type { StatePath } from 'xstate/graph'

type AnyPath = StatePath<Snapshot<unknown>, EventObject>
type MachineSnapshotLike = Snapshot<unknown> & { _nodes: AnyStateNode[] }

export interface Coverage {
  states: { covered: number; total: number; missing: string[] }
  transitions: { covered: number; total: number; missing: string[] }
}

/** Every state node of the machine, the root excluded. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child)
      visit(child)
    }
  }
  visit(machine.root)
  return nodes
}

/** Each transition of the machine, guarded branches counted one by one, with a readable key. */
export function allTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>()
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const transitions of node.transitions.values()) transitions.forEach((transition: AnyTransitionDefinition) => keys.set(transition, transitionKey(transition)))
    node.always?.forEach((transition: AnyTransitionDefinition) => keys.set(transition, transitionKey(transition)))
  }
  return keys
}

/**
 * A transition's key: its source, its event (`always` for an eventless one) and its place among
 * the source's transitions for that event, e.g. `upgrade.select --wizard.continue[1]-->`. The same
 * for the same transition of a machine and of its `provide`d copies, so runs can be compared.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source
  const eventless = source.always?.indexOf(transition) ?? -1
  if (eventless >= 0) return `${source.id} --always[${eventless}]-->`
  return `${source.id} --${transition.eventType}[${source.transitions.get(transition.eventType)?.indexOf(transition) ?? -1}]-->`
}

/** A guard's outcome as records keep it (recorder.ts): the guarded transition's key, then `=true` or `=false`. */
export const guardOutcome = (transition: AnyTransitionDefinition, passed: boolean) => `${transitionKey(transition)}=${passed}`

/** The machine's states and transitions that a run entered and took (see recorder.ts), out of its total. */
export function executedCoverage(machine: AnyStateMachine, executed: { states: readonly string[]; transitions: readonly string[] } | undefined): Coverage {
  const states = new Set(executed?.states)
  const transitions = new Set(executed?.transitions)
  const stateIds = allStateNodes(machine).map((node) => node.id)
  const transitionKeys = [...allTransitions(machine).values()]
  const missingStates = stateIds.filter((id) => !states.has(id))
  const missingTransitions = transitionKeys.filter((key) => !transitions.has(key))
  return {
    states: { covered: stateIds.length - missingStates.length, total: stateIds.length, missing: missingStates },
    transitions: { covered: transitionKeys.length - missingTransitions.length, total: transitionKeys.length, missing: missingTransitions },
  }
}

const nodesOf = (snapshot: Snapshot<unknown>) => new Set((snapshot as MachineSnapshotLike)._nodes)

/**
 * States and transitions that the generated paths visit, out of the machine's total. An eventless
 * transition counts when its source was entered and its target is where the step came to rest.
 */
export function measureCoverage(machine: AnyStateMachine, paths: AnyPath[], initialSnapshots: Snapshot<unknown>[]): Coverage {
  const stateNodes = allStateNodes(machine)
  const transitions = allTransitions(machine)
  const visitedNodes = new Set<AnyStateNode>()
  const takenTransitions = new Set<AnyTransitionDefinition>()
  const alwaysFrom = (source: AnyStateNode, restingNodes: Set<AnyStateNode>) => {
    for (const transition of source.always ?? []) {
      if (transition.target?.some((target: AnyStateNode) => restingNodes.has(target))) {
        takenTransitions.add(transition)
        return
      }
    }
  }

  // A compound or parallel state left because its regions finished takes its onDone transition.
  const doneFrom = (before: Set<AnyStateNode>, after: Set<AnyStateNode>) => {
    for (const node of before) {
      if (after.has(node)) continue
      for (const transition of node.transitions.get(`xstate.done.state.${node.id}`) ?? []) {
        if (transition.target?.some((target: AnyStateNode) => after.has(target))) takenTransitions.add(transition)
      }
    }
  }

  for (const initial of initialSnapshots) {
    const resting = nodesOf(initial)
    resting.forEach((node) => visitedNodes.add(node))
    for (const node of stateNodes) {
      if (!node.always || !isInitialChain(machine, node)) continue
      visitedNodes.add(node)
      alwaysFrom(node, resting)
    }
  }
  for (const path of paths) {
    let previous: Snapshot<unknown> | undefined
    for (const step of path.steps) {
      const resting = nodesOf(step.state)
      resting.forEach((node) => visitedNodes.add(node))
      if (previous) {
        doneFrom(nodesOf(previous), resting)
        for (const transition of machine.getTransitionData(previous as never, step.event as never)) {
          takenTransitions.add(transition)
          for (const target of transition.target ?? []) {
            visitedNodes.add(target)
            if (target.always) alwaysFrom(target, resting)
          }
        }
      }
      previous = step.state
    }
  }
  // Transient states are left at once, so entering them counts as visiting them.
  for (const transition of takenTransitions) transition.target?.forEach((target: AnyStateNode) => visitedNodes.add(target))

  const missingStates = stateNodes.filter((node) => !visitedNodes.has(node)).map((node) => node.id)
  const missingTransitions = [...transitions].filter(([transition]) => !takenTransitions.has(transition)).map(([, key]) => key)
  return {
    states: { covered: stateNodes.length - missingStates.length, total: stateNodes.length, missing: missingStates },
    transitions: { covered: transitions.size - missingTransitions.length, total: transitions.size, missing: missingTransitions },
  }
}

/** Whether the machine's start passes through this node by initial states alone (every region of a parallel state is entered). */
function isInitialChain(machine: AnyStateMachine, node: AnyStateNode): boolean {
  for (let current = node; current !== machine.root; current = current.parent!) {
    const parent = current.parent
    if (!parent) return false
    if (parent.type !== 'parallel' && parent.initial?.target?.[0] !== current) return false
  }
  return true
}
