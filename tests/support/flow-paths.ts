import type { EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { FlowKit } from '@/testkit/model/flow-kit'
import { isPersonsEvent, planOraclePaths, replayable, type OraclePath } from '@/testkit/model/oracle-paths'
import { defaultSerialize, describeInput, describePath, planPaths } from '@/testkit/model/paths'
import { replayPath } from './run-paths'

/**
 * A flow's paths replayed on its machine, for its own tests/flows/<flow>/<flow>.paths.test.ts: a
 * file that imports the flow's model and oracle by name, so that a mutation run that changes one
 * machine runs that flow's paths, not every flow's (a file that found the flows by glob was
 * related to every machine; decision 0075).
 *
 * - The paths generated from the machine (testkit/flows/<flow>/<flow>.model.ts): after every step
 *   the machine rests where the model and the oracle say, holding what the oracle says.
 * - The paths planned from the oracle (testkit/model/oracle-paths.ts): each move the spec's
 *   reference makes, sent where the reference says it can be made. A machine that ignores an event
 *   the reference takes (a dropped or too narrowly guarded transition) fails here, where the
 *   machine's own paths never send it. And each event the reference refuses where it stands is sent
 *   there: the machine must keep to what the reference holds (a guard made true, a transition where
 *   the spec has none, fails).
 *
 * What runs here counts at the machine level of `npm run test:model`'s coverage.
 */
export function describeFlowPaths(model: FlowKit['model'], oracle: FlowKit['oracle']) {
  describe(`${model.name} machine: generated paths`, () => {
    const plan = planPaths(model)
    it('reaches every state and transition', () => {
      expect(plan.coverage.states.missing).toEqual([])
      expect(plan.coverage.transitions.missing).toEqual([])
    })
    for (const path of plan.paths) {
      it(`replays${describeInput(path.input)} ${describePath(path.steps)}`, () =>
        replayPath(model.machine, path, { actors: model.actors, addressees: model.addressees, effects: model.effects, serialize: plan.serialize, oracle }))
    }
  })

  describe(`${model.name} machine: paths planned from the oracle`, () => {
    const plan = planOraclePaths(oracle, model.events as readonly EventObject[], model.inputs ?? [undefined])
    const replay = (path: OraclePath) => () =>
      replayPath(model.machine, replayable(path), { actors: model.actors, addressees: model.addressees, effects: model.effects, serialize: defaultSerialize as never, oracle })
    it('plans a path for each of the oracle’s moves', () => expect(plan.paths.length, 'moves found').toBeGreaterThan(0))
    for (const path of plan.paths) it(`takes${describeInput(path.input)} ${path.move}`, replay(path))
    // The branch is the test: a flow driven by its actors' answers alone (no event of the person's) has nothing to refuse.
    if (model.events.some(isPersonsEvent)) it('plans a refusal for each event the oracle refuses where it stands', () => expect(plan.refusals.length, 'refusals found').toBeGreaterThan(0))
    for (const path of plan.refusals) it(`refuses${describeInput(path.input)} ${path.move}`, replay(path))
  })
}
