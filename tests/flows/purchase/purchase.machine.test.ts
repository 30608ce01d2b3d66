import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { purchaseMachine } from '../../../machines/purchase.machine'
import { describePath, planPaths } from '../../../testkit/model/paths'
import { replayPath } from '../../support/run-paths'
import { purchaseModel } from '../../../testkit/flows/purchase/purchase.model'
import { purchaseOracle } from '../../../testkit/flows/purchase/purchase.oracle'

const plan = planPaths(purchaseModel)

describe('purchase machine: generated paths', () => {
  it('reaches the Community limit of 5 seats, and no further', () => {
    expect(plan.paths.some((path) => (path.state as SnapshotFrom<typeof purchaseMachine>).context.seats === 5)).toBe(true)
  })
  for (const path of plan.paths)
    it(`replays ${path.input?.priceId === null ? 'no price' : path.input?.allowedPriceId ? 'limited' : 'free'}: ${describePath(path.steps)}`, () =>
      replayPath(purchaseMachine, path, { actors: purchaseModel.actors, serialize: plan.serialize, oracle: purchaseOracle }))
})
