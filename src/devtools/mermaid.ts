import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/** A Mermaid id for a state node: its path with underscores. */
export const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_')

/** A name for a guard or action, whether it is referenced by name or written inline. */
export function nameOf(reference: unknown): string {
  if (typeof reference === 'string') return reference
  if (typeof reference === 'function') return (reference as { type?: string }).type?.replace(/^xstate\./, '') || 'inline'
  if (reference && typeof reference === 'object' && 'type' in reference) return String((reference as { type: unknown }).type).replace(/^xstate\./, '')
  return 'inline'
}

/** How an event reads on the diagram: invoke results as done:/error: of their actor, a state's completion as onDone, delays as after N ms. */
export function eventLabel(eventType: string): string {
  return eventType
    .replace(/^xstate\.done\.actor\./, 'done: ')
    .replace(/^xstate\.error\.actor\./, 'error: ')
    .replace(/^xstate\.done\.state\..*$/, 'onDone')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1 ms')
}

export function transitionLabel(eventType: string, transition: AnyTransitionDefinition): string {
  const guard = transition.guard ? ` [${nameOf(transition.guard)}]` : ''
  const actions = (transition.actions ?? []).map(nameOf)
  const effects = actions.length ? ` / ${actions.join(', ')}` : ''
  return `${eventLabel(eventType)}${guard}${effects}`.replace(/[:;]/g, (char) => (char === ':' ? '#58;' : '#59;'))
}

/** Words added to the diagram: after a state's name, before a transition's label (the coverage overlay). */
export interface DiagramMarks {
  state?: (node: AnyStateNode) => string
  transition?: (transition: AnyTransitionDefinition) => string
}

/**
 * The whole chart as a Mermaid stateDiagram-v2: nested states as composite states, parallel
 * regions separated by --, guards and actions on the transitions. Transitions declared on the
 * machine itself (taken in any state) are listed in a note. `marks` adds words to states and
 * transitions.
 */
export function toMermaid(machine: AnyStateMachine, marks: DiagramMarks = {}): string {
  const name = (node: AnyStateNode) => `${node.key}${marks.state?.(node) ?? ''}`
  const label = (eventType: string, transition: AnyTransitionDefinition) => `${marks.transition?.(transition) ?? ''}${transitionLabel(eventType, transition)}`
  const lines = ['stateDiagram-v2']
  const edges: string[] = []

  const renderChildren = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[]
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${indent}--`)
        renderNode(child, indent)
      })
      return
    }
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined
    if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`)
    children.forEach((child) => renderNode(child, indent))
  }

  const renderNode = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states)
    if (children.length) {
      lines.push(`${indent}state "${name(node)}" as ${idOf(node)} {`)
      renderChildren(node, `${indent}  `)
      lines.push(`${indent}}`)
    } else {
      lines.push(`${indent}state "${name(node)}" as ${idOf(node)}`)
    }
    if (node.type === 'final') edges.push(`  ${idOf(node)} --> [*]`)
    collectEdges(node)
  }

  const collectEdges = (node: AnyStateNode) => {
    for (const [eventType, transitions] of node.transitions as Map<string, AnyTransitionDefinition[]>) {
      for (const transition of transitions) {
        const targets = (transition.target ?? [node]) as AnyStateNode[]
        for (const target of targets) edges.push(`  ${idOf(node)} --> ${idOf(target)} : ${label(eventType, transition)}`)
      }
    }
    for (const transition of (node.always ?? []) as AnyTransitionDefinition[]) {
      for (const target of (transition.target ?? []) as AnyStateNode[]) edges.push(`  ${idOf(node)} --> ${idOf(target)} : ${label('always', transition)}`)
    }
  }

  renderChildren(machine.root, '  ')
  lines.push(...edges)
  const anywhere = [...(machine.root.transitions as Map<string, AnyTransitionDefinition[]>)].flatMap(([eventType, transitions]) => transitions.map((transition) => label(eventType, transition)))
  if (anywhere.length) {
    const first = Object.values(machine.root.states)[0] as AnyStateNode
    lines.push(`  note right of ${idOf(first)}`, '    In any state:', ...anywhere.map((label) => `    ${label}`), '  end note')
  }
  return lines.join('\n')
}

/** The state node at a path such as `startup.initializing`, if the machine has it. */
export function nodeAt(machine: AnyStateMachine, path: string): AnyStateNode | undefined {
  let node: AnyStateNode | undefined = machine.root
  for (const key of path.split('.')) node = node?.states[key] as AnyStateNode | undefined
  return node
}

/**
 * The chart with the given states highlighted (Mermaid applies classes to simple states only, so
 * the current leaves are highlighted; the viewer's list of states marks their parents too).
 */
/** The diagram ids of the simple states among the current states' paths. */
export const currentLeafIds = (machine: AnyStateMachine, currentStates: string[]) =>
  currentStates.map((path) => nodeAt(machine, path)).flatMap((node) => (node && Object.keys(node.states).length === 0 ? [idOf(node)] : []))

export function toHighlightedMermaid(machine: AnyStateMachine, currentStates: string[]): string {
  const ids = currentLeafIds(machine, currentStates)
  const lines = [toMermaid(machine), '  classDef current fill:#ffec99,stroke:#d9480f,stroke-width:4px,color:#000,font-weight:bold']
  if (ids.length) lines.push(`  class ${[...new Set(ids)].join(',')} current`)
  return lines.join('\n')
}
