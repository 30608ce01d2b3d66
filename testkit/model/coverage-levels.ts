import type { AnyStateMachine } from 'xstate'
import { nameOf } from '@/src/devtools/mermaid'
import { allStateNodes, allTransitions, guardOutcome } from './coverage'
import type { ExecutedByMachine, Level } from './recorder'

/** The levels from the highest: a browser test, a component test, a test of the bare machine. */
export const levelsFromHighest: readonly Level[] = ['browser', 'component', 'machine']

/** What each level's tests ran, by machine id, and whether that level was recorded at all. */
export type RecordedLevels = Record<Level, { executed: ExecutedByMachine; recorded: boolean }>

/** One machine's states and transitions, each with the highest level that took it (null: none). */
export interface MachineLevels {
  states: Map<string, Level | null>
  transitions: Map<string, Level | null>
  /** Per level, how many states and transitions its tests took, out of the total. */
  counts: Record<Level, { states: number; transitions: number }>
  total: { states: number; transitions: number }
  /** Each guarded transition: its key, its guard's name, and the highest level that saw the guard say true, and false. */
  guards: { key: string; guard: string; passed: Level | null; refused: Level | null }[]
}

export function machineLevels(machine: AnyStateMachine, levels: RecordedLevels): MachineLevels {
  const taken = Object.fromEntries(
    levelsFromHighest.map((level) => {
      const executed = levels[level].executed[machine.id]
      return [level, { states: new Set(executed?.states), transitions: new Set(executed?.transitions), guards: new Set(executed?.guards) }]
    }),
  ) as Record<Level, { states: Set<string>; transitions: Set<string>; guards: Set<string> }>
  const highest = (kind: 'states' | 'transitions' | 'guards', key: string) => levelsFromHighest.find((level) => taken[level][kind].has(key)) ?? null
  const stateIds = allStateNodes(machine).map((node) => node.id)
  const transitionKeys = [...allTransitions(machine).values()]
  const counts = Object.fromEntries(
    levelsFromHighest.map((level) => [
      level,
      { states: stateIds.filter((id) => taken[level].states.has(id)).length, transitions: transitionKeys.filter((key) => taken[level].transitions.has(key)).length },
    ]),
  ) as MachineLevels['counts']
  return {
    states: new Map(stateIds.map((id) => [id, highest('states', id)])),
    transitions: new Map(transitionKeys.map((key) => [key, highest('transitions', key)])),
    counts,
    total: { states: stateIds.length, transitions: transitionKeys.length },
    guards: [...allTransitions(machine)]
      .filter(([transition]) => transition.guard)
      .map(([transition, key]) => ({
        key,
        guard: nameOf(transition.guard),
        passed: highest('guards', guardOutcome(transition, true)),
        refused: highest('guards', guardOutcome(transition, false)),
      })),
  }
}
