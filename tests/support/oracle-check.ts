import { expect } from 'vitest'
import type { EventObject, Snapshot } from 'xstate'
import { expectedAlong, type Expected, type Oracle } from '../../testkit/oracles/oracle'
import { activeLeafIds } from './view-table'

/** A machine's oracle, for any of its inputs (the paths' inputs are typed loosely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOracle = Oracle<any, any>

/**
 * Checks that a snapshot of the machine rests where the oracle says, after the events sent, and
 * holds what it says there. Gives the oracle's expectation, for the view to be checked against.
 */
export function expectOracleAgrees(oracle: AnyOracle, input: unknown, sent: readonly EventObject[], snapshot: Snapshot<unknown>): Expected<unknown> {
  const expected = expectedAlong(oracle, input, sent)
  expect(activeLeafIds(snapshot), 'the state the oracle says').toEqual([expected.state])
  expect((snapshot as unknown as { context: unknown }).context, `what ${expected.state} holds by the oracle`).toMatchObject(expected.held as object)
  return expected
}
