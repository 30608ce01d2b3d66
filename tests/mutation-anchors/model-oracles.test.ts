import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine, EventObject } from 'xstate'
import { failedCheck } from '@/testkit/model/behaviour-check'
import { planOraclePaths, replayable } from '@/testkit/model/oracle-paths'
import { defaultSerialize, describePath, planPaths } from '@/testkit/model/paths'
import type { FlowKit } from '@/testkit/model/flow-kit'
import { flows } from '@/testkit/model/flows'
import type { OracleAnchor } from '@/testkit/model/oracle-anchor'
import { replayPath } from '../support/run-paths'

/**
 * Each wrong transition of testkit/flows/<flow>/<flow>.anchors.ts (one at least removes a
 * transition the spec requires), applied to a copy of its machine, makes a replay of the mutant's
 * own generated paths or of the oracle's paths disagree with the machine's oracle: a path counts as
 * refused only when a named check of behaviour fails (testkit/model/behaviour-check.ts), never for
 * another error, and the test prints the first check that refused each, on which path. The machine as it is agrees on
 * every path (tests/flows/<flow>/<flow>.paths.test.ts). `npx tsx scripts/oracle-anchors.ts` runs the whole of
 * the model tests on each mutant instead.
 */
const copies = mkdtempSync(join(tmpdir(), 'oracle-anchor-'))
afterAll(() => rmSync(copies, { recursive: true, force: true }))

/** The machine with the wrong transition, from a copy of its source whose imports point back at the project. */
async function mutant(anchor: OracleAnchor, index: number): Promise<AnyStateMachine> {
  const source = readFileSync(anchor.file, 'utf8')
  expect(source.split(anchor.source), `${anchor.file} holds the anchor's source once`).toHaveLength(2)
  // One file per anchor: a machine may have several, and an imported module is kept by its path.
  const copy = join(copies, `${anchor.model}-${index}.machine.ts`)
  const absolute = source
    .replace(anchor.source, anchor.wrong)
    .replace(/from '\.\.\//g, `from '${resolve('.')}/`)
    .replace(/from '\.\//g, `from '${resolve('machines')}/`)
  writeFileSync(copy, absolute)
  const module = (await import(/* @vite-ignore */ copy)) as Record<string, unknown>
  return Object.values(module).find((value) => (value as AnyStateMachine | undefined)?.root !== undefined) as AnyStateMachine
}

/** The oracle's paths of a flow, planned once for all its anchors: the oracle is the same for each. */
const plannedFromOracle = new Map<FlowKit['oracle'], ReturnType<typeof replayable>[]>()
function oraclePaths(model: FlowKit['model'], oracle: FlowKit['oracle']) {
  const known = plannedFromOracle.get(oracle)
  if (known) return known
  const planned = planOraclePaths(oracle, model.events as readonly EventObject[], model.inputs ?? [undefined])
  // Each refusal once (its first way there): every anchor replays them all; each flow's paths test sends the rest.
  const named = new Set<string>()
  const firstOfEach = planned.refusals.filter((path) => !named.has(path.refused) && named.add(path.refused))
  const paths = [...planned.paths, ...firstOfEach].map(replayable)
  plannedFromOracle.set(oracle, paths)
  return paths
}

/**
 * The first check of behaviour that refuses one of the mutant's paths, and the errors met before it
 * that were no such check. The mutant's own paths find what it does wrongly; the oracle's paths
 * (tests/flows/<flow>/<flow>.paths.test.ts) find what it no longer does, and their refusals what it does
 * where the spec says nothing happens. One refusal decides: the paths after it are not replayed.
 */
function firstRefusal({ model, oracle }: FlowKit, machine: AnyStateMachine) {
  const plan = planPaths({ ...model, machine })
  const fromOracle = oraclePaths(model, oracle)
  const otherErrors: string[] = []
  for (const [path, serialize] of [...plan.paths.map((path) => [path, plan.serialize] as const), ...fromOracle.map((path) => [path, defaultSerialize as never] as const)]) {
    try {
      replayPath(machine, path, { actors: model.actors, effects: model.effects, serialize, oracle })
    } catch (error) {
      const check = failedCheck(error)
      if (check) return { check, path: describePath(path.steps), otherErrors }
      otherErrors.push(String(error).split('\n')[0]!)
    }
  }
  return { check: undefined, path: undefined, otherErrors }
}

describe('a wrong transition the oracles catch', () => {
  it('takes away, in every flow, a transition the spec requires: one anchor at least removes one', () =>
    expect(flows.filter((kit) => !kit.anchors.some((anchor) => anchor.removes)).map((kit) => kit.flow)).toEqual([]))
  for (const kit of flows) {
    for (const [index, anchor] of kit.anchors.entries())
      it(`${anchor.model}: ${anchor.why}`, async () => {
        const { check, path, otherErrors } = firstRefusal(kit, await mutant(anchor, index))
        expect(check, `a check of behaviour that refuses a path (other errors, not counted: ${otherErrors.join(' | ') || 'none'})`).toBeDefined()
        // eslint-disable-next-line no-console -- which check refused each anchor, printed with the run
        console.log(`${anchor.model} anchor ${index + 1} refused by '${check}' on ${path}`)
      })
  }
})
