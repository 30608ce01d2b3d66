import { describe, expect, it } from 'vitest'
import { CheckoutsInTheWay, decideOrder, maxOpenCheckouts } from '@/server/licensing/checkout-rules'
import type { Holdings, PendingCheckout } from '@/server/licensing/pending-checkouts'

/**
 * Spec sections 6 and 9 at the checkout: one license type an account, five Community seats, the
 * open checkouts counted; and the checkout an order goes into (its idempotency key). Without a
 * database: the API tests (tests/server/api/billing-faults.test.ts) place the same orders through Stripe.
 */
const now = Date.parse('2026-11-26T10:00:00Z')
const checkout = (fields: Partial<PendingCheckout> & Pick<PendingCheckout, 'id'>): PendingCheckout => ({
  priceId: 'community',
  quantity: 1,
  sessionId: null,
  subscriptionId: null,
  expiresAt: new Date(now + 20 * 60_000),
  counts: true,
  finished: false,
  ...fields,
})
const holding = (purchased: number, checkouts: PendingCheckout[]): Holdings => ({ allowedPriceId: null, purchased, owned: [], checkouts })
const refusal = (decide: () => unknown) => {
  try {
    decide()
  } catch (error) {
    return error instanceof Error ? error.message : error
  }
  return 'no refusal'
}
const noAccountType = { allowed_price_id: null }

describe('an order weighed against the Community limit', () => {
  it('says one seat "is" in the open checkout, and when it stops counting, to the minute', () => {
    const open = checkout({ id: 'key-1', quantity: 1, expiresAt: new Date(now + 60_000) })
    expect(refusal(() => decideOrder(noAccountType, { priceId: 'community', quantity: 5 }, holding(0, [open]), 'key-2', now))).toBe(
      'Community is limited to 5 licenses per account, and 1 is in your checkout still open: complete it, or try again when it expires, within 1 minute.',
    )
  })

  it('says a paid checkout stops counting once its payment is recorded', () => {
    const paid = checkout({ id: 'key-1', quantity: 4, sessionId: 'cs_1', subscriptionId: 'sub_1' })
    expect(refusal(() => decideOrder(noAccountType, { priceId: 'community', quantity: 2 }, holding(0, [paid]), 'key-2', now))).toBe(
      'Community is limited to 5 licenses per account, and 4 are in your checkout still open: complete it, or try again once its payment is recorded (in a moment).',
    )
  })
})

describe('an order of another license type', () => {
  it('is refused for an account that holds one already', () => {
    expect(refusal(() => decideOrder({ allowed_price_id: 'commercial' }, { priceId: 'commercial-plus', quantity: 1 }, holding(1, []), 'key-1', now))).toBe('Accounts are limited to one license type.')
  })

  it('names the plan of the other checkout still open, or its price when the site no longer sells it', () => {
    const openCommunity = checkout({ id: 'key-1', priceId: 'community', expiresAt: new Date(now + 3 * 60_000) })
    expect(refusal(() => decideOrder(noAccountType, { priceId: 'commercial', quantity: 1 }, holding(0, [openCommunity]), 'key-2', now))).toBe(
      'Accounts are limited to one license type, and your checkout for Community is still open: complete it, or try again when it expires, within 3 minutes.',
    )
    // A price the plans no longer list (a retired one, still held at Stripe) is named as Stripe knows it.
    const openRetired = checkout({ id: 'key-1', priceId: 'price_retired_2024', expiresAt: new Date(now + 3 * 60_000) })
    expect(refusal(() => decideOrder(noAccountType, { priceId: 'commercial', quantity: 1 }, holding(0, [openRetired]), 'key-2', now))).toBe(
      'Accounts are limited to one license type, and your checkout for price_retired_2024 is still open: complete it, or try again when it expires, within 3 minutes.',
    )
  })
})

describe('the checkout an order goes into', () => {
  it('is its own key the first time, and the open checkout of that key when the same order comes again', () => {
    const open = checkout({ id: 'key-1', quantity: 2, sessionId: 'cs_1' })
    expect(decideOrder(noAccountType, { priceId: 'community', quantity: 2 }, holding(0, []), 'key-1', now)).toEqual({ id: 'key-1' })
    expect(decideOrder(noAccountType, { priceId: 'community', quantity: 2 }, holding(0, [open]), 'key-1', now)).toEqual({ id: 'key-1', existing: open })
  })

  it('is refused when the key comes again with another plan or another seat count while its checkout is open', () => {
    const open = checkout({ id: 'key-1', quantity: 2, sessionId: 'cs_1' })
    for (const order of [
      { priceId: 'community' as const, quantity: 3 },
      { priceId: 'commercial' as const, quantity: 2 },
    ]) {
      expect(refusal(() => decideOrder(noAccountType, order, holding(0, [open]), 'key-1', now))).toBe('This Idempotency-Key was already used for a different request.')
    }
  })

  it('after that checkout finished, is a new one keyed after its Stripe session (or its key, when it had none)', () => {
    const expired = (sessionId: string | null) => checkout({ id: 'key-1', quantity: 2, sessionId, counts: false, finished: true })
    expect(decideOrder(noAccountType, { priceId: 'community', quantity: 2 }, holding(0, [expired('cs_1')]), 'key-1', now)).toEqual({ id: 'key-1:after:cs_1' })
    expect(decideOrder(noAccountType, { priceId: 'community', quantity: 2 }, holding(0, [expired(null)]), 'key-1', now)).toEqual({ id: 'key-1:after:key-1' })
    // The same order again while that new one is open goes into it, not into a third.
    const reopened = checkout({ id: 'key-1:after:cs_1', quantity: 2, sessionId: 'cs_2' })
    expect(decideOrder(noAccountType, { priceId: 'community', quantity: 2 }, holding(0, [expired('cs_1'), reopened]), 'key-1', now)).toEqual({ id: 'key-1:after:cs_1', existing: reopened })
  })

  it('hands over, with a refusal for another license type, only the checkouts of that type: those are what Stripe is asked about', () => {
    const [community, commercial] = [checkout({ id: 'key-1', sessionId: 'cs_1' }), checkout({ id: 'key-2', priceId: 'commercial', sessionId: 'cs_2' })]
    let refused: unknown
    try {
      decideOrder(noAccountType, { priceId: 'commercial', quantity: 1 }, holding(0, [community, commercial]), 'key-3', now)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(CheckoutsInTheWay)
    expect((refused as CheckoutsInTheWay).inTheWay).toEqual([community])
  })

  it('refuses a new checkout while the account has five open, in words, and lets the same order again into its own (decision 0051)', () => {
    const open = Array.from({ length: maxOpenCheckouts }, (_, index) => checkout({ id: `key-${index}`, priceId: 'commercial', quantity: index + 1, sessionId: `cs_${index}` }))
    expect(maxOpenCheckouts).toBe(5)
    expect(refusal(() => decideOrder(noAccountType, { priceId: 'commercial', quantity: 9 }, holding(0, open), 'key-9', now))).toBe(
      'You have 5 checkouts open: complete one, or try again when it expires, within 20 minutes.',
    )
    expect(decideOrder(noAccountType, { priceId: 'commercial', quantity: 1 }, holding(0, open), 'key-0', now)).toEqual({ id: 'key-0', existing: open[0] })
    expect(decideOrder(noAccountType, { priceId: 'commercial', quantity: 9 }, holding(0, open.slice(1)), 'key-9', now)).toEqual({ id: 'key-9' })
  })
})
