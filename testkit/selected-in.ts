import type { AnyStateMachine, ContextFrom, SnapshotFrom, StateValue } from 'xstate'

/**
 * What a selector gives in any state of its machine, with the context `base` changed by `changes`:
 * a view read state by state, whatever path led there (a context may still hold what another state
 * left in it).
 */
export function selectedIn<Machine extends AnyStateMachine, View>(machine: Machine, select: (snapshot: SnapshotFrom<Machine>) => View, base: ContextFrom<Machine>) {
  return (value: StateValue, changes: Partial<ContextFrom<Machine>> = {}): View => select(machine.resolveState({ value, context: { ...(base as object), ...changes } }) as SnapshotFrom<Machine>)
}
