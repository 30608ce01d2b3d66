import { expect } from 'vitest'
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate'
import { activeLeafIds, leafStateIds } from './view-table'

/**
 * What a machine's context holds in one state, written in the test: literal values, or values
 * written from the events the test sent along the path, never read back from the machine. A field
 * left out is not checked.
 */
export type ContextRow<TContext> = Expected<TContext> | ((sent: readonly EventObject[]) => Expected<TContext>)

/** What `toMatchObject` checks: the fields given, in objects nested at any depth. */
type Expected<T> = T extends readonly (infer U)[] ? readonly Expected<U>[] : T extends object ? { [K in keyof T]?: Expected<T[K]> } : T

/** One row per atomic or final state of a machine, keyed by the state node's id (as view tables are). */
export type ContextTable<TContext> = Readonly<Record<string, ContextRow<TContext>>>

/**
 * The `expectations` of `replayPath` for one path: after each step, the context holds what the
 * rows of the active leaf states say, given the events sent so far (the step's own included).
 */
export function contextAlong<TContext>(table: ContextTable<TContext>, path: { steps: readonly { event: EventObject }[] }) {
  let step = 0
  return (snapshot: Snapshot<unknown>) => {
    const sent = path.steps.slice(0, ++step).map(({ event }) => event)
    const { context } = snapshot as unknown as { context: TContext }
    for (const id of activeLeafIds(snapshot)) {
      const row = table[id]
      if (!row) throw new Error(`The context table has no row for state ${id}`)
      const expected = typeof row === 'function' ? (row as (sent: readonly EventObject[]) => Expected<TContext>)(sent) : row
      expect(context, `context in ${id}`).toMatchObject(expected as object)
    }
  }
}

/** A context table that misses a state, or keeps a row for a state that is gone, fails. */
export function expectContextTableCoversMachine(table: ContextTable<unknown>, machine: AnyStateMachine) {
  expect(Object.keys(table).sort()).toEqual(leafStateIds(machine))
}
