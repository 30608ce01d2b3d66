import type { EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { flows } from '@/testkit/model/flows'
import { isPersonsEvent, planOraclePaths, replayable, type OraclePath } from '@/testkit/model/oracle-paths'
import { defaultSerialize, describeInput } from '@/testkit/model/paths'
import { replayPath } from '../support/run-paths'

/**
 * Every flow's paths planned from its oracle (testkit/model/oracle-paths.ts), replayed on its
 * machine: each move the spec's reference makes, sent where the reference says it can be made.
 * A machine that ignores an event the reference takes (a dropped or too narrowly guarded
 * transition) fails here, where the machine-planned paths of paths.test.ts never send it. And
 * each event the reference refuses where it stands is sent there: the machine must keep to what
 * the reference holds (a guard made true, a transition where the spec has none, fails).
 */
for (const { model, oracle } of flows) {
  describe(`${model.name} machine: paths planned from the oracle`, () => {
    const plan = planOraclePaths(oracle, model.events as readonly EventObject[], model.inputs ?? [undefined])
    const replay = (path: OraclePath) => () => replayPath(model.machine, replayable(path), { actors: model.actors, addressees: model.addressees, serialize: defaultSerialize as never, oracle })
    it('plans a path for each of the oracle’s moves', () => expect(plan.paths.length, 'moves found').toBeGreaterThan(0))
    for (const path of plan.paths) it(`takes${describeInput(path.input)} ${path.move}`, replay(path))
    // The branch is the test: a flow driven by its actors' answers alone (no event of the person's) has nothing to refuse.
    if (model.events.some(isPersonsEvent)) it('plans a refusal for each event the oracle refuses where it stands', () => expect(plan.refusals.length, 'refusals found').toBeGreaterThan(0))
    for (const path of plan.refusals) it(`refuses${describeInput(path.input)} ${path.move}`, replay(path))
  })
}
