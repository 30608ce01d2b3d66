import { expect, type Page } from '@playwright/test'
import type { tokenMachine } from '@/machines/token.machine'
import { tokenModel } from '@/testkit/flows/token/token.model'
import { demo } from '../support/accounts'
import { routeApi, type ApiRoute } from '../support/api-routes'
import { callOf, defaultKey, type Tour } from '../support/machine-tour'
import { takeClock } from './clock'
import { frameRefused, hiddenFrame, redirectsStay, tokenEndpoint } from './identity-provider'
import { openAs } from './open-as'

/**
 * Only the save's token is the tour's: the page's own loading asks for tokens too (the session's),
 * which go to the provider as usual. One path at a time runs in a worker's process.
 */
let saving = false
/** A request for the write scope, which the save's token asks for (the API's PUT). */
const forWriting = (text: string) => saving && text.includes('accounts.write')

/**
 * The provider refuses as OAuth says: in the token endpoint's JSON, or in a hidden frame's address.
 * A failure no one can help with (the fixtures' network failure) is the provider being unavailable:
 * a request the network drops, MSAL sends again, which would be held in turn.
 */
async function refuseAsTheProvider(route: ApiRoute, error: unknown) {
  const { errorCode } = error as { errorCode: string }
  const refusal = errorCode === 'network_error' ? 'temporarily_unavailable' : errorCode
  if (route.request().method() === 'POST') return route.fulfill({ status: 400, json: { error: refusal, error_description: `${refusal}: refused by the tour.` } })
  return frameRefused(route, refusal)
}

/** The states the save's token passes through in the same moment, with no request to hold it there. */
const passedThrough: Record<string, string> = {
  fromCache: 'MSAL reads its cache',
  signingInAgain: 'the sign-in flow is asked for a sign-in by redirect, and answers at once',
}

const update = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Update Profile' })

/**
 * The token behind 'Update Profile', by each of spec section 4's silent ways: the cache, the
 * refresh token, a hidden frame, and a sign-in again when only the user can help; and the spec's
 * failure when none works (section 8). The page's clock jumps two hours before the save, so the
 * cached tokens have expired and the save's token goes past the cache; the provider's answers for
 * it are held and given as each path says. The save itself is answered by the tour: nothing is stored.
 */
export const tokenTour: Tour<typeof tokenMachine> = {
  plan: tokenModel,
  actors: {
    // MSAL's cache has no request: the clock's jump makes it miss.
    tokenFromCache: { calls: [] },
    tokenByRefreshToken: { calls: [tokenEndpoint('refresh_token', forWriting)], passThrough: true, refuse: refuseAsTheProvider },
    // The frame brings a code back, which the page redeems at the token endpoint.
    tokenByHiddenFrame: { calls: [hiddenFrame(forWriting), tokenEndpoint('authorization_code', forWriting)], passThrough: true, refuse: refuseAsTheProvider },
    // Hands over to the sign-in flow, in the same moment: nothing to hold.
    signInAgain: { calls: [] },
  },
  // A token from the cache is how every other page's call goes, and the account area asks for tokens
  // only once someone is signed in; another interaction in progress takes two saves at once.
  walkable: (steps, input) =>
    (input as { account: unknown }).account !== null && !steps.some((step) => step.event.type === 'xstate.done.actor.tokenFromCache' || step.event.type === 'xstate.error.actor.signInAgain'),
  // The same screen reached by another way is another path: each way's answer is taken in the browser.
  keyOf: (step) => `${defaultKey(step)} after ${step.event.type}`,
  passing: (step) => passedThrough[String(step.state.value)],
  open: async (page) => {
    saving = false
    await routeApi(page, `/api${callOf('updateAccount').path as string}`, (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 204 }) : route.fallback()))
    // Sent to sign in again, the page would leave for the provider's sign-in page (the sign-in specs follow it there): it stays to be checked.
    await redirectsStay(page, (url) => forWriting(url.search))
    await takeClock(page)
    await openAs(page, demo.full, '/account/profile')
    await expect(update(page)).toBeEnabled()
    // Access tokens live an hour; the refresh token a day.
    await page.clock.fastForward('02:00:00')
    saving = true
    await update(page).click()
  },
  perform: async (_page, event) => {
    throw new Error(`No browser action for ${JSON.stringify(event)}`)
  },
  expectShown: async (page, step) => {
    switch (step.state.value) {
      case 'byRefreshToken':
      case 'byHiddenFrame':
        return expect(update(page)).toHaveAttribute('data-loading')
      case 'acquired':
        return expect(page.getByRole('main').getByText('Your profile was updated.')).toBeVisible()
      case 'failed':
      case 'redirecting':
        return expect(page.getByRole('main').getByRole('alert')).toContainText('Could not acquire access token')
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(step.state.value)}`)
  },
  view: { root: (page) => page.getByRole('main') },
  // The provider's refusals (400), as the browser logs them.
  loggedErrors: /status of 400/,
}
