import type { Product } from '@/common/contract'
import { answerOf, shownMessage, type Expected, type Oracle } from '@/testkit/model/oracle'

export interface PurchaseInput {
  priceId: string | null
  allowedPriceId: string | null
}

/** What the purchase page holds that the user notices: the product, the developers chosen, the message. */
export interface PurchaseHeld {
  product: Product | null
  seats: number
  error: string | null
}

const awaitedIn = { loadProduct: 'purchase.loadingProduct', createCheckoutSession: 'purchase.redirecting' }

/**
 * Spec sections 2, 5 and 9: the page loads the product of pid; missing pid or a failed load sends
 * the user to '/'. An account limited to another price sees 'License not available'; a Community
 * account that holds all the seats it may buys none. Seats from 1, up to what the product says is
 * left; checkout leaves for the hosted page, and a refused one says why on the page.
 */
export const purchaseOracle: Oracle<PurchaseInput, PurchaseHeld> = {
  start: (input) => ({ state: input.priceId === null ? 'purchase.leaving' : 'purchase.loadingProduct', held: { product: null, seats: 1, error: null } }),
  after: (now, event, input) => {
    const to = (state: string, changes: Partial<PurchaseHeld> = {}): Expected<PurchaseHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.actor === 'createCheckoutSession') return answer.done ? to('purchase.checkingOut') : to('purchase.choosingSeats', { error: shownMessage(answer.error) })
      if (!answer.done) return to('purchase.leaving')
      const product = answer.output as Product
      if (input.allowedPriceId !== null && input.allowedPriceId !== input.priceId) return to('purchase.notAvailable', { product })
      return to(product.seatsAvailable === 0 ? 'purchase.limitReached' : 'purchase.choosingSeats', { product })
    }
    if (now.state !== 'purchase.choosingSeats') return now
    const { seats, product } = now.held
    if (event.type === 'seats.increase') return product?.seatsAvailable == null || seats < product.seatsAvailable ? to(now.state, { seats: seats + 1 }) : now
    if (event.type === 'seats.decrease') return seats > 1 ? to(now.state, { seats: seats - 1 }) : now
    if (event.type === 'checkout.start') return to('purchase.redirecting', { error: null })
    return now
  },
}
