import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { levelsFromHighest, type MachineLevels } from '@/testkit/model/coverage-levels'
import { transitionKey } from '@/testkit/model/coverage'
import type { Level } from '@/testkit/model/recorder'
import { idOf, toMermaid } from './mermaid'

/** How each level is written on the diagram and in the legend: a letter, so the picture does not rely on colour alone. */
export const levelMarks: Record<Level | 'none', { letter: string; words: string; fill: string; stroke: string }> = {
  browser: { letter: 'B', words: 'a browser test took it', fill: '#d3f9d8', stroke: '#2b8a3e' },
  component: { letter: 'C', words: 'a component test took it (the views over fake actors), no browser test', fill: '#d0ebff', stroke: '#1864ab' },
  machine: { letter: 'M', words: 'only a test of the bare machine took it', fill: '#fff3bf', stroke: '#e67700' },
  none: { letter: '0', words: 'no test took it', fill: '#ffe3e3', stroke: '#c92a2a' },
}
export const markOf = (level: Level | null | undefined) => levelMarks[level ?? 'none']
const className = (level: Level | null | undefined) => `cov_${level ?? 'none'}`

/**
 * The machine's diagram with the coverage drawn on it: each state and transition marked with the
 * letter of the highest level that took it ("(B)" after a state's name, "(B) " before a
 * transition's label), and each simple state filled in that level's colour (Mermaid styles simple
 * states only; a composite one has its letter).
 */
export function coverageDiagram(machine: AnyStateMachine, levels: MachineLevels): string {
  const text = toMermaid(machine, {
    state: (node) => ` (${markOf(levels.states.get(node.id)).letter})`,
    transition: (transition) => `(${markOf(levels.transitions.get(transitionKey(transition))).letter}) `,
  })
  const leaves = (Object.values(machine.root.states) as AnyStateNode[]).flatMap(function leavesOf(node: AnyStateNode): AnyStateNode[] {
    const children = Object.values(node.states) as AnyStateNode[]
    return children.length ? children.flatMap(leavesOf) : [node]
  })
  const byLevel = new Map<string, string[]>()
  for (const node of leaves) byLevel.set(className(levels.states.get(node.id)), [...(byLevel.get(className(levels.states.get(node.id))) ?? []), idOf(node)])
  const classDefs = ([...levelsFromHighest, null] as const).map((level) => {
    const { fill, stroke } = markOf(level)
    return `  classDef ${className(level)} fill:${fill},stroke:${stroke},stroke-width:2px,color:#000${level ? '' : ',stroke-dasharray:5 3'}`
  })
  return [text, ...classDefs, ...[...byLevel].map(([name, ids]) => `  class ${ids.join(',')} ${name}`)].join('\n')
}

/** The coverage diagram with the actors' current states outlined in black (their fill keeps the level's colour). */
export function coverageWithCurrent(machine: AnyStateMachine, levels: MachineLevels, currentLeafIds: readonly string[]): string {
  const lines = [coverageDiagram(machine, levels), '  classDef current stroke:#000,stroke-width:5px,font-weight:bold']
  if (currentLeafIds.length) lines.push(`  class ${[...new Set(currentLeafIds)].join(',')} current`)
  return lines.join('\n')
}
