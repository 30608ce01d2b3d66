import { expect } from 'vitest'
import type { EventObject, Snapshot } from 'xstate'
import { expectedAlong, leavesOf, type Expected, type Oracle, type State } from '@/testkit/model/oracle'
import { activeLeafIds, inOracleWords } from '@/testkit/model/relation'
import { oracleStepOf } from '@/testkit/model/oracle-paths'
import { recorders, type Level } from '@/testkit/model/recorder'

/** A machine's oracle, for any of its inputs (the paths' inputs are typed loosely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOracle = Oracle<any, any, any>

/**
 * Checks that a snapshot of the machine rests where the oracle says, after the events sent (its
 * leaves read in the oracle's words, through the oracle's relation), and holds what it says there;
 * where it agrees, records the step at `level` for the oracle's coverage. Gives the oracle's
 * expectation, for the view to be checked against: where the oracle has its own words, at the
 * machine's leaves that realise its state.
 */
export function expectOracleAgrees(oracle: AnyOracle, input: unknown, sent: readonly EventObject[], snapshot: Snapshot<unknown>, level?: Level): Expected<unknown, State> {
  const expected = expectedAlong(oracle, input, sent)
  const leaves = activeLeafIds(snapshot)
  expect(inOracleWords(oracle, leaves), 'the state the oracle says').toEqual([...new Set(leavesOf(expected.state))].sort())
  expect((snapshot as unknown as { context: unknown }).context, `what ${leavesOf(expected.state).join(' and ')} holds by the oracle`).toMatchObject(expected.held as object)
  if (level) recordOracleStep(level, (snapshot as unknown as { machine: { id: string } }).machine.id, oracle, input, sent, expected)
  return oracle.relation ? { ...expected, state: leaves } : expected
}

/** The oracle's last expectation along a walk's list of events sent (one list a walk, pushed to step by step): the step before's, without folding again. */
const lastExpected = new WeakMap<readonly EventObject[], { length: number; expected: Expected<unknown, State> }>()

/**
 * Records at a level, for `npm run test:model`'s oracle coverage, a step the oracle's check agreed
 * with: the oracle's states after the events sent (`to`), and the move the last event made, if it
 * changed what the oracle expects.
 */
function recordOracleStep(level: Level, machineId: string, oracle: AnyOracle, input: unknown, sent: readonly EventObject[], to: Expected<unknown, State>) {
  const last = sent.at(-1)
  const known = lastExpected.get(sent)
  const from = !last || last.type === 'xstate.init' ? to : known?.length === sent.length - 1 ? known.expected : expectedAlong(oracle, input, sent.slice(0, -1))
  lastExpected.set(sent, { length: sent.length, expected: to })
  const { states, step } = oracleStepOf(oracle, input, from, last, to)
  recorders[level].recordOracle(machineId, states, step)
}
