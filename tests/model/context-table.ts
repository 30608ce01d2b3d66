import { expect } from 'vitest'
import type { AnyStateMachine, ContextFrom, EventObject, SnapshotFrom } from 'xstate'
import type { MachinePath } from './paths'
import { activeLeafIds } from './view-table'

/**
 * The context a machine must hold in a state, written by hand in the test: literal, or from the
 * events the test sent along the path (what was typed, which answer came back) and the input it
 * started from, never read back from the machine under test.
 */
export type ContextRow<TContext> = TContext | ((sent: readonly EventObject[], input: unknown) => TContext)

/** One row per atomic or final state the paths rest in, keyed by the state node's id. */
export type ContextTable<TContext> = Readonly<Record<string, ContextRow<TContext>>>

/**
 * The `expectations` of `replayPath` for one path: after each step, the live context equals the
 * table's row for the state it rests in, given the events sent so far (replayPath calls it once
 * per step, in order).
 */
export function expectContexts<TMachine extends AnyStateMachine>(table: ContextTable<ContextFrom<TMachine>>, path: MachinePath<TMachine>) {
  let steps = 0
  return (snapshot: SnapshotFrom<TMachine>) => {
    const sent = path.steps.slice(0, ++steps).map((step) => step.event as EventObject)
    for (const id of activeLeafIds(snapshot)) {
      const row = table[id]
      if (row === undefined) throw new Error(`The context table has no row for state ${id}`)
      expect((snapshot as { context: unknown }).context, `context in ${id}`).toEqual(typeof row === 'function' ? (row as (sent: readonly EventObject[], input: unknown) => unknown)(sent, path.input) : row)
    }
  }
}

/** The last of the sent events whose type is one of `types`, if any. */
export const lastOf = (sent: readonly EventObject[], ...types: string[]) => sent.findLast((event) => types.includes(event.type))
