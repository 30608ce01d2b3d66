import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Product } from '@/common/contract'
import { purchaseMachine } from '@/machines/purchase.machine'
import { selectPurchase } from '@/src/features/purchase/purchase.select'
import { settle } from '@/testkit/settle'

/** Spec sections 2, 5 and 9: the purchase page's price, total and seat count. */
const community: Product = {
  name: 'Community',
  priceId: 'community',
  priceDisplay: 'FREE*',
  price: 0,
  actionText: 'Get Community License',
  description: 'For individuals.',
  features: ['Unlimited deployment'],
  bestValue: false,
  stripePriceId: 'price_local_community',
  seatsAvailable: 5,
}
const commercial: Product = { ...community, name: 'Commercial', priceId: 'commercial', priceDisplay: '$299.00', price: 29900, actionText: 'Buy Commercial', seatsAvailable: null }

async function page(product: Product, seats = 1) {
  const machine = purchaseMachine.provide({ actors: { loadProduct: fromPromise(async () => product) } })
  const actor = createActor(machine, { input: { priceId: product.priceId, allowedPriceId: null } }).start()
  await settle()
  for (let seat = 1; seat < seats; seat++) actor.send({ type: 'seats.increase' })
  return selectPurchase(actor.getSnapshot())
}

describe('the purchase page', () => {
  it('prices a paid plan per seat and in total [S9.prices]', async () => {
    expect(await page(commercial, 3)).toMatchObject({ seats: 3, pricePerSeat: '$299.00', total: '$897.00', canIncrease: true, canDecrease: true, seatLimitNote: null })
  })

  it('shows Community as FREE* with a total of $0.00 [S9.prices]', async () => {
    expect(await page(community, 2)).toMatchObject({ pricePerSeat: 'FREE*', total: '$0.00' })
  })

  it('does not go below 1 seat [S5.seats.minimum]', async () => {
    expect(await page(commercial)).toMatchObject({ seats: 1, canDecrease: false })
  })

  it('says why the seat count stops at the Community limit of 5 [S5.seats.community-five]', async () => {
    expect(await page(community, 4)).toMatchObject({ seats: 4, canIncrease: true, seatLimitNote: null })
    expect(await page(community, 5)).toMatchObject({ seats: 5, canIncrease: false, seatLimitNote: 'The Community license covers at most 5 developers.' })
  })

  it('counts the Community seats the account already holds', async () => {
    expect(await page({ ...community, seatsAvailable: 2 }, 2)).toMatchObject({ canIncrease: false, seatLimitNote: 'Your account holds 3 Community licenses: at most 5 in all.' })
    expect(await page({ ...community, seatsAvailable: 4 }, 4)).toMatchObject({ seatLimitNote: 'Your account holds 1 Community license: at most 5 in all.' })
  })

  it('prices a paid plan from its cents, not from the display text the product carries', async () => {
    expect(await page({ ...commercial, priceDisplay: '$299' }, 2)).toMatchObject({ pricePerSeat: '$299.00', total: '$598.00' })
  })

  it('shows only the placeholder while the product loads, and on the way to the site root when there is none', async () => {
    const waiting = purchaseMachine.provide({ actors: { loadProduct: fromPromise(() => new Promise<Product>(() => {})) } })
    const loading = createActor(waiting, { input: { priceId: 'commercial', allowedPriceId: null } }).start()
    expect(selectPurchase(loading.getSnapshot())).toMatchObject({ loading: true, product: null, total: '', pricePerSeat: '', seatLimitNote: null })
    const missing = purchaseMachine.provide({ actors: { loadProduct: fromPromise(() => Promise.reject(new Error('not found'))) }, actions: { goHome: () => {} } })
    const leaving = createActor(missing, { input: { priceId: 'commercial', allowedPriceId: null } }).start()
    await settle()
    expect(leaving.getSnapshot().value).toBe('leaving')
    expect(selectPurchase(leaving.getSnapshot())).toMatchObject({ loading: true, total: '', pricePerSeat: '' })
  })
})
