import { assign, setup } from 'xstate'
import type { Product } from '../common/contract'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

interface PurchaseContext {
  priceId: string | null
  allowedPriceId: string | null
  product: Product | null
  seats: number
  error: string | null
}

/** The purchase page (spec section 2): a product, a seat count, then the hosted checkout. */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    input: {} as { priceId: string | null; allowedPriceId: string | null },
    events: {} as { type: 'seats.increase' } | { type: 'seats.decrease' } | { type: 'checkout.start' },
  },
  actors: {
    loadProduct: notProvided<Product, { priceId: string }>('loadProduct'),
    createCheckoutSession: notProvided<{ url: string }, { priceId: string; quantity: number }>('createCheckoutSession'),
  },
  actions: {
    keepProduct: assign({ product: (_, params: { product: Product }) => params.product }),
    addSeat: assign({ seats: ({ context }) => context.seats + 1 }),
    removeSeat: assign({ seats: ({ context }) => context.seats - 1 }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    /** Leaves for the hosted checkout; the app provides the navigation. */
    goToCheckout: (_, _params: { url: string }) => {},
    /** Leaves for '/' when there is nothing to buy here. */
    goHome: () => {},
  },
  guards: {
    // An account may only buy the license type it already has (spec section 5).
    hasPriceId: ({ context }) => context.priceId !== null,
    limitedToAnotherType: ({ context }) => context.allowedPriceId !== null && context.allowedPriceId !== context.priceId,
    // Community stops at 5 seats an account (spec section 9): the product says how many are left.
    canAddSeat: ({ context }) => context.product?.seatsAvailable == null || context.seats < context.product.seatsAvailable,
    nothingLeftToBuy: (_, params: { product: Product }) => params.product.seatsAvailable === 0,
    canRemoveSeat: ({ context }) => context.seats > 1,
  },
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({ priceId: input.priceId, allowedPriceId: input.allowedPriceId, product: null, seats: 1, error: null }),
  initial: 'checkingAddress',
  states: {
    checkingAddress: {
      description: 'The address names the price to buy (?pid=...), or there is nothing to buy here.',
      meta: { requirements: ['S2.purchase.load'] },
      always: [{ guard: 'hasPriceId', target: 'loadingProduct' }, { target: 'leaving' }],
    },
    loadingProduct: {
      description: 'Loading, please wait...',
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        input: ({ context }) => ({ priceId: context.priceId! }),
        onDone: [
          { guard: 'limitedToAnotherType', target: 'notAvailable', actions: { type: 'keepProduct', params: ({ event }) => ({ product: event.output }) } },
          {
            guard: { type: 'nothingLeftToBuy', params: ({ event }) => ({ product: event.output }) },
            target: 'limitReached',
            actions: { type: 'keepProduct', params: ({ event }) => ({ product: event.output }) },
          },
          { target: 'choosingSeats', actions: { type: 'keepProduct', params: ({ event }) => ({ product: event.output }) } },
        ],
        onError: 'leaving',
      },
    },
    notAvailable: { description: "'License not available', why, and 'Choose another license type'.", meta: { requirements: ['S2.purchase.not-available', 'S5.purchase.allowed-price'] } },
    limitReached: { description: 'The account holds the most seats of this plan there can be, and a way to Manage Licenses.', meta: { requirements: ['S5.seats.community-five'] } },
    choosingSeats: {
      description: "The product, its features and price, the seat count, the total, and the product's action button.",
      meta: { requirements: ['S9.prices', 'S5.seats.minimum', 'S5.seats.community-five'] },
      on: {
        'seats.increase': { guard: 'canAddSeat', actions: 'addSeat' },
        'seats.decrease': { guard: 'canRemoveSeat', actions: 'removeSeat' },
        'checkout.start': { target: 'redirecting', actions: 'clearError' },
      },
    },
    redirecting: {
      description: 'The action button shows progress; one click sends one request.',
      meta: { requirements: ['S7.checkout', 'S7.checkout-return'] },
      invoke: {
        id: 'createCheckoutSession',
        src: 'createCheckoutSession',
        input: ({ context }) => ({ priceId: context.priceId!, quantity: context.seats }),
        onDone: { target: 'checkingOut', actions: { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) } },
        onError: showErrorIn('choosingSeats'),
      },
    },
    checkingOut: { type: 'final', description: 'The browser is on its way to the hosted checkout.' },
    leaving: { type: 'final', entry: 'goHome', description: "No such product: the user is sent to '/'.", meta: { requirements: ['S2.purchase.load'] } },
  },
})
