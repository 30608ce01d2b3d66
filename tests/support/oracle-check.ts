import { expect } from 'vitest'
import type { EventObject, Snapshot } from 'xstate'
import { expectedAlong, leavesOf, type Expected, type Oracle, type State } from '@/testkit/model/oracle'
import { activeLeafIds } from './view-table'

/** A machine's oracle, for any of its inputs (the paths' inputs are typed loosely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOracle = Oracle<any, any, any>

/**
 * Checks that a snapshot of the machine rests where the oracle says, after the events sent, and
 * holds what it says there. Gives the oracle's expectation, for the view to be checked against.
 */
export function expectOracleAgrees(oracle: AnyOracle, input: unknown, sent: readonly EventObject[], snapshot: Snapshot<unknown>): Expected<unknown, State> {
  const expected = expectedAlong(oracle, input, sent)
  expect(activeLeafIds(snapshot).sort(), 'the state the oracle says').toEqual(leavesOf(expected.state).sort())
  expect((snapshot as unknown as { context: unknown }).context, `what ${leavesOf(expected.state).join(' and ')} holds by the oracle`).toMatchObject(expected.held as object)
  return expected
}
