import { expect } from 'vitest'
import type { EventObject, Snapshot } from 'xstate'
import { expectedAlong, leavesOf, type Expected, type Oracle, type State } from '@/testkit/model/oracle'
import { activeLeafIds, inOracleWords } from '@/testkit/model/relation'
import { oracleTransition } from '@/testkit/model/oracle-paths'
import { recorders, type Level } from '@/testkit/model/recorder'

/** A machine's oracle, for any of its inputs (the paths' inputs are typed loosely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOracle = Oracle<any, any, any>

/**
 * Checks that a snapshot of the machine rests where the oracle says, after the events sent (its
 * leaves read in the oracle's words, through the oracle's relation), and holds what it says there.
 * Gives the oracle's expectation, for the view to be checked against: where the oracle has its own
 * words, at the machine's leaves that realise its state.
 */
export function expectOracleAgrees(oracle: AnyOracle, input: unknown, sent: readonly EventObject[], snapshot: Snapshot<unknown>): Expected<unknown, State> {
  const expected = expectedAlong(oracle, input, sent)
  const leaves = activeLeafIds(snapshot)
  expect(inOracleWords(oracle, leaves), 'the state the oracle says').toEqual([...new Set(leavesOf(expected.state))].sort())
  expect((snapshot as unknown as { context: unknown }).context, `what ${leavesOf(expected.state).join(' and ')} holds by the oracle`).toMatchObject(expected.held as object)
  return oracle.relation ? { ...expected, state: leaves } : expected
}

/**
 * Records at a level, for `npm run test:model`'s oracle coverage, a step the oracle's check agreed
 * with: the oracle's states after the events sent, and the move the last event made, if it changed
 * what the oracle expects.
 */
export function recordOracleStep(level: Level, machineId: string, oracle: AnyOracle, input: unknown, sent: readonly EventObject[]) {
  const to = expectedAlong(oracle, input, sent)
  const last = sent.at(-1)
  const from = last && last.type !== 'xstate.init' ? expectedAlong(oracle, input, sent.slice(0, -1)) : to
  recorders[level].recordOracle(machineId, leavesOf(to.state), JSON.stringify(from) === JSON.stringify(to) ? undefined : oracleTransition(from, last!, to))
}
