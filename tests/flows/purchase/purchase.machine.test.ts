import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import type { purchaseMachine } from '@/machines/purchase.machine'
import { planPaths } from '@/testkit/model/paths'
import { purchaseModel } from '@/testkit/flows/purchase/purchase.model'

const plan = planPaths(purchaseModel)

describe('purchase machine: generated paths', () => {
  it('reaches the Community limit of 5 seats, and no further [S5.seats.community-five S9.seats]', () => {
    expect(plan.paths.some((path) => (path.state as SnapshotFrom<typeof purchaseMachine>).context.seats === 5)).toBe(true)
  })
})
