import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { purchaseMachine } from '../../machines/purchase.machine'
import { describePath, planPaths } from '../model/paths'
import { replayPath } from '../model/run'
import { purchaseModel } from './purchase.model'

const plan = planPaths(purchaseModel)

function expectations(snapshot: SnapshotFrom<typeof purchaseMachine>) {
  expect(snapshot.context.seats).toBeGreaterThanOrEqual(1)
  const available = snapshot.context.product?.seatsAvailable
  if (available != null && snapshot.matches('choosingSeats')) {
    expect(snapshot.context.seats).toBeLessThanOrEqual(available)
    expect(snapshot.can({ type: 'seats.increase' })).toBe(snapshot.context.seats < available)
  }
  if (available === 0) expect(snapshot.matches('limitReached') || snapshot.matches('notAvailable')).toBe(true)
}

describe('purchase machine: generated paths', () => {
  it('reaches the Community limit of 5 seats, and no further', () => {
    expect(plan.paths.some((path) => (path.state as SnapshotFrom<typeof purchaseMachine>).context.seats === 5)).toBe(true)
  })
  for (const path of plan.paths) it(`replays ${path.input?.priceId === null ? 'no price' : path.input?.allowedPriceId ? 'limited' : 'free'}: ${describePath(path.steps)}`, () => replayPath(purchaseMachine, path, { actors: purchaseModel.actors, serialize: plan.serialize, expectations }))
})
