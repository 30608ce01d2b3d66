import type { EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { expectedAlong, leavesOf } from '@/testkit/model/oracle'
import { planOraclePaths } from '@/testkit/model/oracle-paths'
import { flows } from '@/testkit/model/flows'
import type { FlowKit } from '@/testkit/model/flow-kit'
import { readRowsOn } from '@/testkit/views/page-origin'
import type { StateView } from '@/testkit/views/view-table'
import { expectRowPerState, screenKey } from '../support/view-table'

/**
 * The rows each state shows wherever the oracle's paths take the flow, rows written as functions
 * included (evaluated with the events sent and what the oracle says is held), keyed by what they
 * show: two states behind one key are two states a person cannot tell apart.
 */
function statesByScreen({ model, oracle, viewTable }: FlowKit) {
  const byScreen = new Map<string, Map<string, StateView>>()
  const { paths } = planOraclePaths(oracle, model.events as readonly EventObject[], model.inputs ?? [undefined])
  // Rows that show an address read it on a page of this origin (no DOM here); the other files of
  // this worker read their DOM's again after.
  readRowsOn('https://localhost')
  try {
    for (const path of paths)
      for (let length = 0; length <= path.events.length; length++) {
        const sent = path.events.slice(0, length)
        const expected = expectedAlong(oracle, path.input, sent)
        for (const leaf of leavesOf(expected.state).filter((id) => viewTable[id])) {
          const row = viewTable[leaf]!
          const view = typeof row === 'function' ? row(sent, expected.held) : row
          const key = screenKey(view)
          byScreen.set(key, (byScreen.get(key) ?? new Map()).set(leaf, view))
        }
      }
  } finally {
    readRowsOn(undefined)
  }
  return [...byScreen.values()].filter((states) => states.size > 1)
}

/** Every flow's view table (testkit/flows/<flow>/<flow>.view-table.ts) against its machine; the component tests walk the paths with it. */
for (const kit of flows) {
  describe(`${kit.model.name} view table`, () => {
    it('has a view for every state of the machine, and tells them apart (or says why a person cannot)', () => expectRowPerState(kit.viewTable, kit.model.machine))
    it('tells states apart where the oracle takes the flow, rows written as functions included (or says why a person cannot)', () => {
      const unexplained = statesByScreen(kit).flatMap((states) =>
        [...states].filter(([, view]) => !view.sameScreen).map(([id]) => `${id} (looks like ${[...states.keys()].filter((other) => other !== id).join(', ')})`),
      )
      expect(unexplained, 'states that show the same screen without saying why a person cannot tell them apart').toEqual([])
    })
  })
}
