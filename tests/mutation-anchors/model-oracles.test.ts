import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { planPaths } from '../../testkit/model/paths'
import { allModels } from '../../testkit/models/models'
import { oracleAnchors, type OracleAnchor } from '../../testkit/oracles/anchors'
import { oracles } from '../../testkit/oracles/oracles'
import { replayPath } from '../support/run-paths'

/**
 * Each wrong transition of testkit/oracles/anchors.ts, applied to a copy of its machine, makes a
 * replay of the mutant's own generated paths disagree with the machine's oracle; the machine as it
 * is agrees on every path (tests/machines/). `npx tsx scripts/oracle-anchors.ts` runs the whole of
 * the model tests on each mutant instead.
 */
const copies = mkdtempSync(join(tmpdir(), 'oracle-anchor-'))
afterAll(() => rmSync(copies, { recursive: true, force: true }))

/** The machine with the wrong transition, from a copy of its source whose imports point back at the project. */
async function mutant(anchor: OracleAnchor): Promise<AnyStateMachine> {
  const source = readFileSync(anchor.file, 'utf8')
  expect(source.split(anchor.source), `${anchor.file} holds the anchor's source once`).toHaveLength(2)
  // One file per anchor: a machine may have several, and an imported module is kept by its path.
  const copy = join(copies, `${anchor.model}-${oracleAnchors.indexOf(anchor)}.machine.ts`)
  const absolute = source
    .replace(anchor.source, anchor.wrong)
    .replace(/from '\.\.\//g, `from '${resolve('.')}/`)
    .replace(/from '\.\//g, `from '${resolve('machines')}/`)
  writeFileSync(copy, absolute)
  const module = (await import(/* @vite-ignore */ copy)) as Record<string, unknown>
  return Object.values(module).find((value) => (value as AnyStateMachine | undefined)?.root !== undefined) as AnyStateMachine
}

/** How many of the mutant's paths the oracle refuses. */
function refusedPaths(anchor: OracleAnchor, machine: AnyStateMachine) {
  const model = allModels.find((each) => each.name === anchor.model)!
  const plan = planPaths({ ...model, machine })
  return plan.paths.filter((path) => {
    try {
      replayPath(machine, path, { actors: model.actors, serialize: plan.serialize, oracle: oracles[anchor.model] })
      return false
    } catch {
      return true
    }
  }).length
}

describe('a wrong transition the oracles catch', () => {
  for (const anchor of oracleAnchors) it(`${anchor.model}: ${anchor.why}`, async () => expect(refusedPaths(anchor, await mutant(anchor))).toBeGreaterThan(0))
})
