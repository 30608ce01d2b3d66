import { expect } from 'vitest'
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate'
import { activeLeafIds, leafStateIds } from './view-table'

/** What `toMatchObject` checks: the fields given, in objects nested at any depth. */
type Expected<T> = T extends readonly (infer U)[] ? readonly Expected<U>[] : T extends object ? { [K in keyof T]?: Expected<T[K]> } : T

/**
 * What a machine's context holds in one state, written by hand in the test: literal, or from the
 * events the test sent along the path (what was typed, which answer came back) and the input it
 * started from, never read back from the machine under test. A field left out is not checked.
 */
export type ContextRow<TContext> = Expected<TContext> | ((sent: readonly EventObject[], input: unknown) => Expected<TContext>)

/** One row per atomic or final state of a machine, keyed by the state node's id (as view tables are). */
export type ContextTable<TContext> = Readonly<Record<string, ContextRow<TContext>>>

/**
 * The `expectations` of `replayPath` for one path: after each step, the context holds what the
 * rows of the active leaf states say, given the events sent so far (the step's own included;
 * replayPath calls it once per step, in order).
 */
export function expectContexts<TContext>(table: ContextTable<TContext>, path: { input?: unknown; steps: readonly { event: EventObject }[] }) {
  let step = 0
  return (snapshot: Snapshot<unknown>) => {
    const sent = path.steps.slice(0, ++step).map(({ event }) => event)
    const { context } = snapshot as unknown as { context: TContext }
    for (const id of activeLeafIds(snapshot)) {
      const row = table[id]
      if (row === undefined) throw new Error(`The context table has no row for state ${id}`)
      const expected = typeof row === 'function' ? (row as (sent: readonly EventObject[], input: unknown) => Expected<TContext>)(sent, path.input) : row
      expect(context, `context in ${id}`).toMatchObject(expected as object)
    }
  }
}

/** A context table that misses a state, or keeps a row for a state that is gone, fails. */
export function expectContextTableCoversMachine(table: ContextTable<unknown>, machine: AnyStateMachine) {
  expect(Object.keys(table).sort()).toEqual(leafStateIds(machine))
}

/** The last of the sent events whose type is one of `types`, if any. */
export const lastOf = (sent: readonly EventObject[], ...types: string[]) => sent.findLast((event) => types.includes(event.type))
