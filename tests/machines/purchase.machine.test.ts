import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { communitySeatLimit, purchaseMachine } from '../../machines/purchase.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { purchaseModel } from './purchase.model'

const plan = planPaths(purchaseModel)

function expectations(snapshot: SnapshotFrom<typeof purchaseMachine>) {
  expect(snapshot.context.seats).toBeGreaterThanOrEqual(1)
  if (snapshot.context.priceId === 'community') expect(snapshot.context.seats).toBeLessThanOrEqual(communitySeatLimit)
  if (snapshot.matches('choosingSeats')) expect(snapshot.can({ type: 'seats.increase' })).toBe(snapshot.context.seats < communitySeatLimit)
}

describe('purchase machine: generated paths', () => {
  it('reaches the Community limit of 5 seats, and no further', () => {
    expect(plan.paths.some((path) => (path.state as SnapshotFrom<typeof purchaseMachine>).context.seats === communitySeatLimit)).toBe(true)
  })
  for (const path of plan.paths) it(`replays ${path.input?.priceId === null ? 'no price' : path.input?.allowedPriceId ? 'limited' : 'free'}: ${describePath(path.steps)}`, () => replayPath(purchaseMachine, path, { actors: purchaseModel.actors, serialize: plan.serialize, expectations }))
})
