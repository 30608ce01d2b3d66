/** Model of the purchase machine for generated paths. */
import type { Product } from '@/common/contract'
import { purchaseMachine } from '@/machines/purchase.machine'
import { actorEvents, type ActorFixtures, type PathPlan } from '@/testkit/model/paths'
import { leavesForCheckout, leavesForHome } from './purchase.oracle'

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
  // The view sends the browser to the checkout's url, or to '/', on these actions.
  effects: { actions: { goToCheckout: (params: { url: string }) => leavesForCheckout(params.url), goHome: () => leavesForHome } },
  inputs: [
    { priceId: 'community', allowedPriceId: null },
    { priceId: 'community', allowedPriceId: 'commercial' },
    { priceId: null, allowedPriceId: null },
  ],
  events: [{ type: 'seats.increase' }, { type: 'seats.decrease' }, { type: 'checkout.start' }, ...actorEvents(fixtures)],
}
