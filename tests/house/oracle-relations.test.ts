import type { EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { flows } from '@/testkit/model/flows'
import { expectedAlong, leavesOf, type Relation } from '@/testkit/model/oracle'
import { planOraclePaths } from '@/testkit/model/oracle-paths'
import type { FlowKit } from '@/testkit/model/flow-kit'
import { leafStateIds } from '../support/view-table'

/** Every state the oracle comes to on its own paths, from its start. */
function oracleStates({ model, oracle }: FlowKit) {
  const inputs = model.inputs ?? [undefined]
  const { paths } = planOraclePaths(oracle, model.events as readonly EventObject[], inputs)
  const states = new Set(inputs.flatMap((input) => leavesOf(oracle.start(input).state)))
  for (const path of paths) leavesOf(expectedAlong(oracle, path.input, path.events).state).forEach((state) => states.add(state))
  return [...states].sort()
}

describe('oracles in the spec’s words, each with its relation to its machine (decision 0061)', () => {
  it('has every flow’s oracle speak the spec’s words: none without a relation', () => expect(flows.filter((kit) => !kit.oracle.relation).map((kit) => kit.flow)).toEqual([]))
  for (const kit of flows) {
    const relation: Relation = kit.oracle.relation ?? {}
    describe(kit.flow, () => {
      it('relates every state the oracle comes to, and no other, in words of its own', () => {
        expect(Object.keys(relation).sort(), 'the oracle’s states the relation names').toEqual(oracleStates(kit))
        expect(
          Object.keys(relation).filter((said) => said.startsWith(`${kit.model.machine.id}.`)),
          'oracle states named by a machine state’s id',
        ).toEqual([])
      })
      it('realises each by states of the machine, every leaf of the machine realising exactly one', () => {
        const named = Object.values(relation).flat()
        expect([...named].sort(), 'the machine’s leaves, each named once').toEqual(leafStateIds(kit.model.machine))
      })
    })
  }
})
