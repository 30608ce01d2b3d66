import { describe, expect, it } from 'vitest'
import { flows } from '@/testkit/model/flows'
import { describeInput, describePath, planPaths } from '@/testkit/model/paths'
import { replayPath } from '../support/run-paths'

/**
 * Every flow's generated paths (testkit/flows/<flow>/), replayed on its machine: after each step
 * the machine rests where the model and the oracle say, holding what the oracle says. What runs
 * here counts at the machine level of `npm run test:model`'s coverage.
 */
for (const { model, oracle } of flows) {
  describe(`${model.name} machine: generated paths`, () => {
    const plan = planPaths(model)
    it('reaches every state and transition', () => {
      expect(plan.coverage.states.missing).toEqual([])
      expect(plan.coverage.transitions.missing).toEqual([])
    })
    for (const path of plan.paths) {
      it(`replays${describeInput(path.input)} ${describePath(path.steps)}`, () =>
        replayPath(model.machine, path, { actors: model.actors, addressees: model.addressees, serialize: plan.serialize, oracle }))
    }
  })
}
