import type { AnyStateNode, EventObject } from 'xstate'
import { expectedAlong, leavesOf, type Oracle, type Relation, type State } from './oracle'

/** What an oracle may declare: its relation, when its states are named in the spec's words. */
interface Related {
  relation?: Relation
}

/** The machine's leaves that realise the oracle's state (the state itself, for an oracle in the machine's words). */
export function realisingLeaves({ relation }: Related, state: State): string[] {
  return leavesOf(state).flatMap((said) => (relation ? [relation[said] ?? []].flat() : [said]))
}

/** The machine's leaves in the oracle's words, each state once, sorted; a leaf the relation does not name stays as it is (and so differs). */
export function inOracleWords({ relation }: Related, machineLeaves: readonly string[]): string[] {
  if (!relation) return [...machineLeaves].sort()
  const saidOf = (leaf: string) => Object.keys(relation).find((said) => [relation[said]!].flat().includes(leaf)) ?? leaf
  return [...new Set(machineLeaves.map(saidOf))].sort()
}

/**
 * The leaves whose view rows show the oracle's state: each of its states' realising leaves, narrowed
 * to `at` (the leaves the machine is in, where known) when several realise one state.
 */
export function rowLeaves(oracle: Related, state: State, at?: readonly string[]): string[] {
  return leavesOf(state).flatMap((said) => {
    const leaves = realisingLeaves(oracle, said)
    const narrowed = leaves.length > 1 && at ? leaves.filter((leaf) => at.includes(leaf)) : leaves
    return narrowed.length ? narrowed : leaves
  })
}

const isLeaf = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final'

/** The leaf states a snapshot is in: one for a plain machine, one per region of a parallel state. */
export function activeLeafIds(snapshot: unknown): string[] {
  const nodes = (snapshot as { _nodes: AnyStateNode[] })._nodes
  return nodes.filter(isLeaf).map((node) => node.id)
}

/**
 * Where the oracle says the flow rests after the events, as the machine's leaf ids (where several
 * realise its state, those of `at`: the leaves the path planned). What the atlas notes beside a
 * screenshot, and compares with the page's own machine.
 */
export function oracleLeavesAfter<TInput, TState extends State>(oracle: Oracle<TInput, unknown, TState>, input: TInput, sent: readonly EventObject[], at: readonly string[]): string[] {
  return rowLeaves(oracle, expectedAlong(oracle, input, sent).state, at)
}
