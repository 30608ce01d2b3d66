import type { EventObject } from 'xstate'
import { describe, expect, it } from 'vitest'
import { flows } from '@/testkit/model/flows'
import { planOraclePaths, replayable } from '@/testkit/model/oracle-paths'
import { defaultSerialize, describeInput } from '@/testkit/model/paths'
import { replayPath } from '../support/run-paths'

/**
 * Every flow's paths planned from its oracle (testkit/model/oracle-paths.ts), replayed on its
 * machine: each move the spec's reference makes, sent where the reference says it can be made.
 * A machine that ignores an event the reference takes (a dropped or too narrowly guarded
 * transition) fails here, where the machine-planned paths of paths.test.ts never send it.
 */
for (const { model, oracle } of flows) {
  describe(`${model.name} machine: paths planned from the oracle`, () => {
    const plan = planOraclePaths(oracle, model.events as readonly EventObject[], model.inputs ?? [undefined])
    it('plans a path for each of the oracle’s moves', () => expect(plan.paths.length, 'moves found').toBeGreaterThan(0))
    for (const path of plan.paths) {
      it(`takes${describeInput(path.input)} ${path.move}`, () =>
        replayPath(model.machine, replayable(path), { actors: model.actors, addressees: model.addressees, serialize: defaultSerialize as never, oracle }))
    }
  })
}
