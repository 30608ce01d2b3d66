import { expect, type Page } from '@playwright/test'
import type { purchaseCompleteMachine, PurchaseCompleteInput } from '@/machines/purchase-complete.machine'
import { purchaseCompleteModel } from '@/testkit/flows/purchase-complete/purchase-complete.model'
import { demo } from '../support/accounts'
import { machineSnapshot, reachMachine } from '../support/app-machine'
import { calling, defaultKey, type Tour, type TourStep } from '../support/machine-tour'
import { takeClock } from './clock'
import { openAs } from './open-as'

/** The checkout's return address, as the hosted checkout builds it (spec section 7). */
const returnAddress = ({ success, sessionId }: PurchaseCompleteInput) => `/account/purchase/complete?success=${String(success)}${sessionId ? `&session_id=${sessionId}` : ''}`

const waits = (step: TourStep) => step.state.context.waits as number

/**
 * Opens the return address with the page's clock the tour's: each wait for the webhook passes when
 * its path says so (`waitOver`), at once instead of in real seconds.
 */
async function openWithClock(page: Page, path: string) {
  await reachMachine(page.context(), 'purchaseComplete')
  await takeClock(page)
  await openAs(page, demo.commercial, path)
}

/**
 * The purchase's result page, as the hosted checkout returns to it: checking the checkout, the
 * licenses being set up (asked again after a wait), ready, on their way, and incomplete.
 */
export const purchaseCompleteTour: Tour<typeof purchaseCompleteMachine> = {
  plan: purchaseCompleteModel,
  actors: {
    loadCheckoutStatus: { ...calling('checkoutStatus'), answers: (status) => [{ status }] },
  },
  keyOf: (step) => {
    // Asked again after a wait, the page still says the payment went through: another screen than the first check's.
    if (step.state.value === 'checking') return waits(step) > 0 ? `${defaultKey(step)} after a wait` : defaultKey(step)
    // An end reached another way (the address, an answer, a failure, the waits running out) is another path: each is taken in the browser.
    return step.state.value === 'processing' ? defaultKey(step) : `${defaultKey(step)} after ${step.event.type}`
  },
  open: (page, input) => {
    const address = returnAddress(input as PurchaseCompleteInput)
    // Only a paid return with its session waits for the webhook.
    return (input as PurchaseCompleteInput).success && (input as PurchaseCompleteInput).sessionId ? openWithClock(page, address) : openAs(page, demo.commercial, address)
  },
  // A wait for the webhook holds nothing: the page asks again when it runs out (the next screenshot, asking again, looks the same).
  passing: (step) => (step.state.value === 'processing' ? 'the page waits a second or more for the webhook, then asks again' : undefined),
  perform: async (page, event, next) => {
    // The branch is the one event a browser brings about here: a wait running out (its poll only waits for the page, it checks nothing).
    if (event.type.startsWith('xstate.after.') && next) {
      // Only once the page has taken the answer does its wait start (unless it has run out already): it looks the same as
      // asking again, so the page's machine says when.
      const waited = async () => {
        const { value, context } = await machineSnapshot(page, 'purchaseComplete')
        return value === 'processing' || (context.waits as number) >= waits(next)
      }
      await expect.poll(waited).toBe(true)
      // The wait runs out, unless it just did: the first is 1 s, each next twice as long.
      return page.clock.fastForward(1_000 * 2 ** (waits(next) - 1))
    }
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    const heading = page.getByRole('main').getByRole('heading', { level: 1 })
    switch (step.state.value) {
      case 'checking':
        return expect(heading).toHaveText(waits(step) > 0 ? 'Purchase Complete' : 'Your purchase')
      case 'processing':
        return expect(page.getByRole('main').getByText('Setting up your licenses…')).toBeVisible()
      case 'fulfilled':
      case 'delayed':
        await expect(heading).toHaveText('Purchase Complete')
        return expect(page.getByRole('main').getByRole('link', { name: 'Go to My Licenses' })).toBeVisible()
      case 'incomplete':
        return expect(heading).toHaveText('Purchase Incomplete')
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(step.state.value)}`)
  },
  // A status call that fails is only logged (spec section 8): the payment went through on Stripe's side.
  loggedErrors: /The checkout's status could not be read/,
}
