import { describe, expect, it } from 'vitest'
import type { ContextFrom, EventObject, SnapshotFrom } from 'xstate'
import { purchaseMachine } from '../../machines/purchase.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { expectContexts, expectContextTableCoversMachine, type ContextTable } from '../support/context-table'
import { replayPath } from '../support/run-paths'
import { purchaseAlongPath, purchaseModel } from '../../testkit/models/purchase.model'

const plan = planPaths(purchaseModel)

/** The product as the machine keeps it: Community, with what the account may still buy. */
const community = (seatsAvailable: number) => ({ priceId: 'community' as const, name: 'Community', price: 0, seatsAvailable })

/** The developers chosen along the path and the last checkout's failure (1 to 5 for Community, spec section 9). */
const chosen = (sent: readonly EventObject[]) => ({ product: community(5), ...purchaseAlongPath(sent) })

/** What the purchase page's context holds in each state, written here. */
const contextTable: ContextTable<ContextFrom<typeof purchaseMachine>> = {
  'purchase.checkingAddress': { product: null, seats: 1, error: null },
  'purchase.loadingProduct': { priceId: 'community', product: null, seats: 1, error: null },
  // An account limited to Commercial asks for Community (spec section 5).
  'purchase.notAvailable': { priceId: 'community', allowedPriceId: 'commercial', product: { priceId: 'community', name: 'Community', price: 0 }, seats: 1 },
  'purchase.limitReached': { priceId: 'community', allowedPriceId: null, product: community(0), seats: 1 },
  'purchase.choosingSeats': chosen,
  'purchase.redirecting': (sent) => ({ ...chosen(sent), error: null }),
  'purchase.checkingOut': (sent) => ({ ...chosen(sent), error: null }),
  // No price in the address, or no such product.
  'purchase.leaving': { product: null, seats: 1, error: null },
}

describe('purchase machine: generated paths', () => {
  it('says what the context holds in every state', () => expectContextTableCoversMachine(contextTable as ContextTable<unknown>, purchaseMachine))
  it('reaches the Community limit of 5 seats, and no further', () => {
    expect(plan.paths.some((path) => (path.state as SnapshotFrom<typeof purchaseMachine>).context.seats === 5)).toBe(true)
  })
  for (const path of plan.paths)
    it(`replays ${path.input?.priceId === null ? 'no price' : path.input?.allowedPriceId ? 'limited' : 'free'}: ${describePath(path.steps)}`, () =>
      replayPath(purchaseMachine, path, { actors: purchaseModel.actors, serialize: plan.serialize, expectations: expectContexts(contextTable, path) }))
})
