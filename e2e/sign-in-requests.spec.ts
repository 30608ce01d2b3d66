import type { Page } from '@playwright/test'
import { demo } from './support/accounts'
import { machineSnapshot, reachMachine, sendAllToMachine, sendToMachine } from './support/app-machine'
import { expect, test } from './support/fixtures'
import { setVisibility } from './support/session-watch'

/**
 * The sign-in flow's requests that no page of the app sends yet (its pages sign in and renew tokens
 * by redirect): other interaction types, a popup, a silent sign-in, and requests while another
 * interaction runs. The test sends them to the app's auth actor, as the app would, and the real
 * MSAL and identity provider answer. The flow keeps its errors for the app (spec section 8) and
 * shows none itself, so each step checks both: the error kept, and the page the person still sees.
 */
const person = demo.nolicense
// The read scope of .env.localstack, which the app asks for.
const readScope = 'https://prismlibrary.onmicrosoft.com/accounts-api/accounts.read'
const signInErrors = { invalidInteractionType: 'Invalid interaction type', interactionInProgress: 'Cannot fall back to interaction because another interaction is in progress' }

const auth = (page: Page) => machineSnapshot(page, 'auth')
const send = (page: Page, event: { type: string; [key: string]: unknown }) => sendToMachine(page, 'auth', event)
/** Sends the events one after the other at once, and gives the state and error after each. */
const sendAll = async (page: Page, events: { type: string; [key: string]: unknown }[]) =>
  (await sendAllToMachine(page, 'auth', events)).map(({ value, context }) => ({ value, error: context.error }))

async function expectStillSignedIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible()
}

/** Waits until the flow has settled with nothing in progress, and returns the error it kept. */
async function settled(page: Page) {
  await expect.poll(async () => (await auth(page)).value).toBe('none')
  return (await auth(page)).context.error
}

/** Opens the provider's popup with the request. */
async function openPopup(page: Page, request: { type: string; [key: string]: unknown }) {
  const opened = page.waitForEvent('popup')
  await send(page, request)
  return opened
}

/** The provider's popup, which closes at once: the provider still knows the person. */
async function signInInPopup(page: Page, request: { type: string; [key: string]: unknown }) {
  const popup = await openPopup(page, request)
  await popup.waitForEvent('close')
}

test.use({ signedInAs: person })

test.beforeEach(async ({ context, page }) => {
  await reachMachine(context, 'auth')
  await page.goto('/account')
  await expectStillSignedIn(page)
  expect(await settled(page)).toBeNull()
})

test('a request of an unknown interaction type is refused with the spec error, which can be dismissed', async ({ page }) => {
  await send(page, { type: 'login.request', interactionType: 'telepathy' })
  expect(await settled(page)).toBe(signInErrors.invalidInteractionType)
  await send(page, { type: 'error.dismiss' })
  expect(await settled(page)).toBeNull()
  await send(page, { type: 'token.request', interactionType: 'telepathy', scopes: [] })
  expect(await settled(page)).toBe(signInErrors.invalidInteractionType)
  await expectStillSignedIn(page)
})

test("a silent sign-in uses the provider's session, and without one leaves the person as they were", async ({ page, context, baseURL }) => {
  const account = (await auth(page)).context.activeAccount as { homeAccountId: string }
  await send(page, { type: 'token.request', interactionType: 'silent', scopes: [] })
  expect(await settled(page)).toBeNull()
  expect((await auth(page)).context.activeAccount).toMatchObject({ homeAccountId: account.homeAccountId })

  // Signed out at the provider only: the hidden frame gets no answer but 'sign in', which is no error to show.
  await context.clearCookies({ domain: new URL(baseURL!).hostname })
  await send(page, { type: 'token.request', interactionType: 'silent', scopes: [] })
  expect(await settled(page)).toBeNull()
  await expectStillSignedIn(page)
})

test('requests while a silent sign-in runs are refused with the spec error', async ({ page }) => {
  // Sent together, so that they reach the flow while the hidden frame is still out.
  const [during, ...refused] = await sendAll(page, [
    { type: 'token.request', interactionType: 'silent', scopes: [] },
    { type: 'login.request', interactionType: 'redirect' },
    { type: 'token.request', interactionType: 'redirect', scopes: [readScope] },
    { type: 'logout.request' },
  ])
  expect(during).toEqual({ value: 'ssoSilent', error: null })
  expect(refused).toEqual(Array(3).fill({ value: 'ssoSilent', error: signInErrors.interactionInProgress }))
  await settled(page)
  await expectStillSignedIn(page)
})

test('a sign-in in a popup signs the person in there, and so does a token asked for in a popup', async ({ page }) => {
  await signInInPopup(page, { type: 'login.request', interactionType: 'popup' })
  expect(await settled(page)).toBeNull()
  await expectStillSignedIn(page)

  await signInInPopup(page, { type: 'token.request', interactionType: 'popup', scopes: [readScope] })
  expect(await settled(page)).toBeNull()
  await expectStillSignedIn(page)
})

test.describe('a tab back in the foreground', () => {
  test('logged out while it looks at the session goes to the site root', async ({ page }) => {
    await sendAll(page, [{ type: 'page.visible' }, { type: 'logout.request' }])
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
  })

  test('asked to sign in again while it looks at the session goes to the provider and back', async ({ page }) => {
    await sendAll(page, [{ type: 'page.visible' }, { type: 'token.request', interactionType: 'redirect', scopes: [readScope], returnPath: '/account' }])
    // The provider still knows the person: it answers at once, back to the page.
    await expect(page).toHaveURL(/\/account$/)
    await expectStillSignedIn(page)
    expect(await settled(page)).toBeNull()
  })

  test("whose account another tab's sign-out removed goes to the site root", async ({ page }) => {
    // Another tab's sign-out empties the shared cache; this tab finds out when it comes back.
    await page.evaluate(() => window.localStorage.clear())
    await setVisibility(page, 'hidden')
    await setVisibility(page, 'visible')
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
  })
})

test.describe('a tab back in the foreground with its token expired and the provider out of reach', () => {
  // The browser logs the refused renewals.
  test.use({ expectedPageErrors: [/net::ERR_FAILED|Failed to load resource/] })

  test('stays as it was: the next API call reports the network', async ({ page, context }) => {
    await page.clock.install()
    await page.goto('/account')
    await expectStillSignedIn(page)
    await context.route(/\/(token|authorize)\?|\/token$/, (route) => route.abort())
    await setVisibility(page, 'hidden')
    await page.clock.fastForward('02:00:00')
    await setVisibility(page, 'visible')
    expect(await settled(page)).toBeNull()
    await expectStillSignedIn(page)
  })
})
