/** Model of the purchase machine for generated paths. */
import type { EventObject } from 'xstate'
import type { Product } from '../../common/contract'
import { purchaseMachine } from '../../machines/purchase.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '../model/paths'

export const communityProduct: Product = {
  name: 'Community',
  priceId: 'community',
  priceDisplay: 'FREE*',
  price: 0,
  actionText: 'Get Community License',
  description: 'd',
  features: ['f'],
  bestValue: false,
  stripePriceId: 'price_local_community',
  seatsAvailable: 5,
}

export const fixtures: ActorFixtures<typeof purchaseMachine> = {
  loadProduct: { done: [communityProduct, { ...communityProduct, seatsAvailable: 0 }], error: [new Error("The requested information couldn't be found. Please try again or contact support.")] },
  createCheckoutSession: {
    done: [{ url: 'https://localhost:5173/sandbox/checkout/cs_test_1' }],
    error: [new Error('There was a conflict with your request. The item may have been modified by another user.')],
  },
}

export const purchaseModel: PathPlan<typeof purchaseMachine> = {
  name: 'purchase',
  machine: purchaseMachine,
  actors: Object.keys(fixtures),
  inputs: [
    { priceId: 'community', allowedPriceId: null },
    { priceId: 'community', allowedPriceId: 'commercial' },
    { priceId: null, allowedPriceId: null },
  ],
  events: [{ type: 'seats.increase' }, { type: 'seats.decrease' }, { type: 'checkout.start' }, ...actorEvents(fixtures)],
}

/**
 * The developers chosen along a path of `purchaseModel`, restated from the spec: from 1, never
 * below 1, and for Community never above 5 (spec sections 5 and 9); and the message of a failed
 * checkout, until the next try.
 */
export function purchaseAlongPath(sent: readonly EventObject[]) {
  let seats = 1
  let error: string | null = null
  for (const event of sent as readonly (EventObject & { error?: unknown })[]) {
    if (event.type === 'seats.increase') seats = Math.min(5, seats + 1)
    if (event.type === 'seats.decrease') seats = Math.max(1, seats - 1)
    if (event.type === 'checkout.start') error = null
    if (event.type === 'xstate.error.actor.createCheckoutSession') error = (event.error as Error).message
  }
  return { seats, error }
}
