import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Product } from '@/common/contract'
import { purchaseMachine } from '@/machines/purchase.machine'
import { settle } from '@/testkit/settle'

/** Spec sections 5 and 9: which license type an account may buy, and how many seats. */
const product = (priceId: Product['priceId'], seatsAvailable: number | null): Product => ({
  name: priceId,
  priceId,
  priceDisplay: '',
  price: 0,
  actionText: '',
  description: '',
  features: [],
  bestValue: false,
  stripePriceId: `price_local_${priceId}`,
  seatsAvailable,
})

async function purchasePage(input: { priceId: string | null; allowedPriceId: string | null }, seatsAvailable: number | null = null, options: { loadFails?: boolean } = {}) {
  const checkouts: unknown[] = []
  const left = { home: 0, toCheckout: [] as string[] }
  const machine = purchaseMachine.provide({
    actors: {
      loadProduct: fromPromise(async ({ input }: { input: { priceId: string } }) => {
        if (options.loadFails) throw new Error("The requested information couldn't be found. Please try again or contact support.")
        return product(input.priceId as Product['priceId'], seatsAvailable)
      }),
      createCheckoutSession: fromPromise(async ({ input }) => (checkouts.push(input), { url: 'https://checkout.example.com/cs_1' })),
    },
    actions: {
      goHome: () => void left.home++,
      goToCheckout: (_, params: { url: string }) => void left.toCheckout.push(params.url),
    },
  })
  const actor = createActor(machine, { input }).start()
  await settle()
  return { actor, checkouts, left }
}

describe('an account buys only the license type it already has (allowedPriceId)', () => {
  it('is refused another type [S5.purchase.allowed-price]', async () => {
    const { actor } = await purchasePage({ priceId: 'commercial-plus', allowedPriceId: 'commercial' })
    expect(actor.getSnapshot().value).toBe('notAvailable')
  })

  it('may buy its own type, or any type before its first purchase', async () => {
    expect((await purchasePage({ priceId: 'commercial', allowedPriceId: 'commercial' })).actor.getSnapshot().value).toBe('choosingSeats')
    expect((await purchasePage({ priceId: 'commercial-plus', allowedPriceId: null })).actor.getSnapshot().value).toBe('choosingSeats')
  })

  it('sends the user home, once, from a page that names no price or whose product cannot load [S2.purchase.load]', async () => {
    for (const page of [await purchasePage({ priceId: null, allowedPriceId: null }), await purchasePage({ priceId: 'commercial', allowedPriceId: null }, null, { loadFails: true })]) {
      expect({ state: page.actor.getSnapshot().value, status: page.actor.getSnapshot().status, ...page.left }).toEqual({ state: 'leaving', status: 'done', home: 1, toCheckout: [] })
    }
  })
})

describe('the seats of a purchase', () => {
  it('start at 1 and go up to the seats still available, then down to 1 and no further', async () => {
    const { actor } = await purchasePage({ priceId: 'community', allowedPriceId: null }, 3)
    const after = (type: 'seats.increase' | 'seats.decrease') => (actor.send({ type }), actor.getSnapshot().context.seats)
    expect(actor.getSnapshot().context.seats).toBe(1)
    expect(['seats.increase', 'seats.increase', 'seats.increase', 'seats.decrease', 'seats.decrease', 'seats.decrease'].map((type) => after(type as 'seats.increase'))).toEqual([2, 3, 3, 2, 1, 1])
  })

  it('have no maximum when the plan sets none [S5.seats.additional-no-maximum]', async () => {
    const { actor } = await purchasePage({ priceId: 'commercial', allowedPriceId: null }, null)
    for (let seat = 1; seat < 40; seat++) actor.send({ type: 'seats.increase' })
    expect(actor.getSnapshot().context.seats).toBe(40)
  })

  it('are none to buy once the account holds the most there can be', async () => {
    expect((await purchasePage({ priceId: 'community', allowedPriceId: 'community' }, 0)).actor.getSnapshot().value).toBe('limitReached')
  })

  it('go to the checkout with the price and the count chosen, to the address it answers, and the page is done', async () => {
    const { actor, checkouts, left } = await purchasePage({ priceId: 'commercial', allowedPriceId: null })
    actor.send({ type: 'seats.increase' })
    actor.send({ type: 'checkout.start' })
    await settle()
    expect(checkouts).toEqual([{ priceId: 'commercial', quantity: 2 }])
    expect({ state: actor.getSnapshot().value, status: actor.getSnapshot().status, ...left }).toEqual({
      state: 'checkingOut',
      status: 'done',
      home: 0,
      toCheckout: ['https://checkout.example.com/cs_1'],
    })
  })
})
