import type { Product } from '@/common/contract'
import { answerOf, shownMessage, type Expected, type Oracle, type Relation } from '@/testkit/model/oracle'

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

/** Where the purchase page stands, in spec sections 2 and 7's words. */
const said = {
  loading: 'the product of pid loading',
  leaving: 'sent to the site root',
  notAvailable: 'License not available',
  limitReached: 'no Community seat left to buy',
  choosing: 'the seats being chosen',
  asking: 'the checkout session being asked for',
  checkingOut: 'on the way to the hosted checkout',
} as const
const p = 'purchase'
/**
 * The states of machines/purchase.machine.ts that realise each of the oracle's (decision 0061): the
 * page reads its address as it starts, before anything is drawn, and reads as loading.
 */
export const relation = {
  [said.loading]: [`${p}.checkingAddress`, `${p}.loadingProduct`],
  [said.leaving]: `${p}.leaving`,
  [said.notAvailable]: `${p}.notAvailable`,
  [said.limitReached]: `${p}.limitReached`,
  [said.choosing]: `${p}.choosingSeats`,
  [said.asking]: `${p}.redirecting`,
  [said.checkingOut]: `${p}.checkingOut`,
} satisfies Relation
const awaitedIn = { loadProduct: said.loading, createCheckoutSession: said.asking }
/** Checkout leaves the page for the hosted checkout at the url the session was answered with (spec section 7; an effect: decision 0076). */
export const leavesForCheckout = (url: string) => `the browser leaves for checkout at ${url}`
/** Nothing to buy here: the browser is sent to '/' (spec section 2). */
export const leavesForHome = "the browser sent to '/'"
/**
 * Spec sections 5 and 9: on the purchase page the increase is blocked at 5 for Community only, and
 * the 5 are an account's (the product the API answers says how many of them are left); other
 * plans have no maximum. Written from the spec, not from the page's own guard, which reads only
 * the product's count.
 */
const mostSeats = (product: Product | null) => (product?.priceId === 'community' ? Math.min(5, product.seatsAvailable ?? 5) : Infinity)

/**
 * Spec sections 2, 5 and 9: the page loads the product of pid; missing pid or a failed load sends
 * the user to '/'. An account limited to another price sees 'License not available'; a Community
 * account that holds all the seats it may buys none. Seats from 1, up to what the product says is
 * left; checkout leaves for the hosted page, and a refused one says why on the page.
 */
export const purchaseOracle: Oracle<PurchaseInput, PurchaseHeld> = {
  relation,
  start: (input) => ({ state: input.priceId === null ? said.leaving : said.loading, held: { product: null, seats: 1, error: null } }),
  after: (now, event, input) => {
    const to = (state: string, changes: Partial<PurchaseHeld> = {}): Expected<PurchaseHeld> => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.actor === 'createCheckoutSession') return answer.done ? to(said.checkingOut) : to(said.choosing, { error: shownMessage(answer.error) })
      if (!answer.done) return to(said.leaving)
      const product = answer.output as Product
      if (input.allowedPriceId !== null && input.allowedPriceId !== input.priceId) return to(said.notAvailable, { product })
      return to(product.seatsAvailable === 0 ? said.limitReached : said.choosing, { product })
    }
    if (now.state !== said.choosing) return now
    const { seats, product } = now.held
    if (event.type === 'seats.increase') return seats < mostSeats(product) ? to(now.state, { seats: seats + 1 }) : now
    if (event.type === 'seats.decrease') return seats > 1 ? to(now.state, { seats: seats - 1 }) : now
    if (event.type === 'checkout.start') return to(said.asking, { error: null })
    return now
  },
  // A page opened without pid is sent to '/' as it starts: that is its first state's, no event's.
  effects: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (!answer?.awaited) return []
    if (answer.actor === 'createCheckoutSession' && answer.done) return [leavesForCheckout((answer.output as { url: string }).url)]
    return answer.actor === 'loadProduct' && !answer.done ? [leavesForHome] : []
  },
}
