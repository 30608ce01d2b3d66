import type { EventObject } from 'xstate'
import { percent, tableLines } from './coverage-report'
import type { FlowKit } from './flow-kit'
import { planOraclePaths } from './oracle-paths'
import { oracleKey, type ExecutedByMachine } from './recorder'

/** Each oracle's graph, planned once for the report's levels. */
type Graph = { states: Set<string>; transitions: Set<string>; refusals: readonly { refused: string }[] }
const graphs = new WeakMap<object, Graph>()
const oracleGraph = (oracle: object, plan: () => Graph) => {
  if (!graphs.has(oracle)) graphs.set(oracle, plan())
  return graphs.get(oracle)!
}

/**
 * A table of what the tests checked of each flow's oracle (its states, its transitions by event
 * type, and the events it refuses where it stands, sent there with nothing changed; recorded where
 * a check agreed: tests/support/oracle-check.ts), out of those its own path planner finds from its
 * start (testkit/model/oracle-paths.ts), in the oracle's words.
 */
export function oracleCoverageTable(kits: readonly Pick<FlowKit, 'model' | 'oracle'>[], executed: ExecutedByMachine) {
  const rows = kits.map(({ model, oracle }) => {
    const graph = oracleGraph(oracle, () => planOraclePaths(oracle, model.events as readonly EventObject[], model.inputs ?? [undefined]))
    const checked = executed[oracleKey(model.machine.id)]
    const share = (all: Set<string>, run: readonly string[] = []) => {
      const covered = run.filter((item) => all.has(item)).length
      // A flow driven by its actors' answers alone refuses nothing of the person's.
      if (all.size === 0) return 'none'
      return `${covered}/${all.size} (${percent(covered, all.size)}%)`
    }
    const refusals = new Set(graph.refusals.map((refusal) => refusal.refused))
    return { machine: model.name, states: share(graph.states, checked?.states), transitions: share(graph.transitions, checked?.transitions), refusals: share(refusals, checked?.refusals) }
  })
  return tableLines(rows)
}
