import { readFileSync } from 'node:fs'
import type { AnyStateNode } from 'xstate'
import { describe, expect, it } from 'vitest'
import { chartFiles } from '@/scripts/charts/files'
import { planPaths } from '@/testkit/model/paths'
import { allModels } from '@/testkit/model/flows'

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true })
const machineIds = Object.values(machineModules).flatMap((module) =>
  Object.values(module)
    .filter((value): value is { id: string; root: unknown } => typeof value === 'object' && value !== null && 'root' in value && 'id' in value)
    .map((machine) => machine.id),
)

describe('statecharts for QA', () => {
  it('model every machine in machines/', () => {
    expect(allModels.map((model) => model.machine.id).sort()).toEqual([...machineIds].sort())
  })

  it('reach 100% of the states and transitions of every machine', () => {
    for (const model of allModels) {
      const { coverage } = planPaths(model)
      expect({ machine: model.name, states: coverage.states.missing, transitions: coverage.transitions.missing }).toEqual({ machine: model.name, states: [], transitions: [] })
    }
  })

  it('say what the user sees in every state (its description)', () => {
    const undescribed = (node: AnyStateNode): string[] => (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [...(child.description ? [] : [child.id]), ...undescribed(child)])
    expect(allModels.flatMap((model) => undescribed(model.machine.root))).toEqual([])
  })

  it('are committed as generated (run `npm run charts` after changing a machine)', () => {
    for (const [path, content] of chartFiles(allModels)) {
      expect(readFileSync(path, 'utf8'), `${path} is stale`).toBe(content)
    }
  })
})
