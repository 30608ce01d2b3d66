import { expect } from '@playwright/test'
import type { purchaseMachine } from '@/machines/purchase.machine'
import { purchaseModel } from '@/testkit/flows/purchase/purchase.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'

type PurchaseInput = { priceId: string | null; allowedPriceId: string | null }

/** The purchase page: loading the product, choosing seats, the Community limit, not available, and checkout. */
export const purchaseTour: Tour<typeof purchaseMachine> = {
  plan: purchaseModel,
  actors: {
    loadProduct: calling('product'),
    createCheckoutSession: calling('createCheckoutSession'),
  },
  // Without a price or after checkout, the browser leaves the page: '/' and the hosted checkout have tests of their own.
  leaving: (step) => step.state.value === 'leaving' || step.state.value === 'checkingOut',
  open: (page, input) => {
    const { priceId, allowedPriceId } = input as PurchaseInput
    // The account decides the plan it may buy: Commercial owners may only buy Commercial.
    const email = allowedPriceId === 'commercial' ? demo.commercial : demo.nolicense
    return openAs(page, email, priceId ? `/account/purchase?pid=${priceId}` : '/account/purchase')
  },
  perform: pressing((page) => page.getByRole('main'), { 'seats.increase': 'More developers', 'seats.decrease': 'Fewer developers', 'checkout.start': 'Get Community License' }),
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    const { value, context } = step.state
    const action = main.getByRole('button', { name: 'Get Community License' })
    switch (value) {
      case 'loadingProduct':
        return expect(main.getByText('Loading, please wait...')).toBeVisible()
      case 'notAvailable':
        return expect(main.getByRole('heading', { level: 1, name: 'License not available' })).toBeVisible()
      case 'limitReached':
        return expect(main.getByText(/already holds the most Community licenses/)).toBeVisible()
      case 'redirecting':
        return expect(action).toHaveAttribute('data-loading')
      case 'choosingSeats':
        await expect(main.getByLabel(`${context.seats as number} developers`)).toBeVisible()
        await expect(action).toBeEnabled()
        // The branch is the test: the last failure's message, where the flow holds one.
        if (context.error) await expect(main.getByRole('alert')).toHaveText(context.error as string)
        return
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
