import type { BrowserContext, Page } from '@playwright/test'
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
 * The later tests take the answers MSAL refuses or ends early: an error from the provider's popup, a
 * forged answer, another tab's sign-in, another interaction in the tab, a sign-out with the provider
 * out of reach.
 */
const person = demo.nolicense
// The read scope of .env.localstack, which the app asks for.
const readScope = 'https://prismlibrary.onmicrosoft.com/accounts-api/accounts.read'
/** MSAL's own message for its interaction_in_progress error. */
const msalErrors = { interactionInProgress: 'See https://aka.ms/msal.js.errors#interaction_in_progress for details' }
const signInErrors = { invalidInteractionType: 'Invalid interaction type', interactionInProgress: 'Cannot fall back to interaction because another interaction is in progress' }

const auth = (page: Page) => machineSnapshot(page, 'auth')
const send = (page: Page, event: { type: string; [key: string]: unknown }) => sendToMachine(page, 'auth', event)
/** Sends the events one after the other at once, and gives the state and error after each. */
const sendAll = async (page: Page, events: { type: string; [key: string]: unknown }[]) => (await sendAllToMachine(page, 'auth', events)).map(({ value, context }) => ({ value, error: context.error }))

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

/** Signs the provider out of this browser (its session cookie), so that it asks who signs in. */
const forgetProviderSession = (context: BrowserContext, baseURL: string) => context.clearCookies({ domain: new URL(baseURL).hostname })

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
  await forgetProviderSession(context, baseURL!)
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
  test('whose session is still good stays as it was', async ({ page }) => {
    await setVisibility(page, 'hidden')
    await setVisibility(page, 'visible')
    expect(await settled(page)).toBeNull()
    await expectStillSignedIn(page)
  })

  test.describe(() => {
    // The sign-out ends the provider's session, which the worker's other tests share otherwise.
    test.use({ endsProviderSession: true })

    test('logged out while it looks at the session goes to the site root', async ({ page }) => {
      await sendAll(page, [{ type: 'page.visible' }, { type: 'logout.request' }])
      await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
    })
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
    // The provider's authorization endpoint (/auth, a hidden frame's silent sign-in) and its token endpoint (/token, the refresh).
    await context.route(/\/idp\/[^/]+\/(auth|token)(\?|$)/, (route) => route.abort())
    await setVisibility(page, 'hidden')
    await page.clock.fastForward('02:00:00')
    await setVisibility(page, 'visible')
    expect(await settled(page)).toBeNull()
    await expectStillSignedIn(page)
  })
})

test.describe('a popup the provider answers with an error', () => {
  /** In the provider's popup, the person asks to reset their password: B2C answers with its error AADB2C90118. */
  async function forgotPasswordInPopup(page: Page, request: { type: string; [key: string]: unknown }) {
    const popup = await openPopup(page, request)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('link', { name: 'Forgot your password?' }).click()
    await closed
  }

  test("'Forgot your password?' in a sign-in or token popup ends it with the provider's error, and the person stays signed in", async ({ page, context, baseURL }) => {
    await forgetProviderSession(context, baseURL!)
    await forgotPasswordInPopup(page, { type: 'login.request', interactionType: 'popup' })
    expect(await settled(page)).toMatch(/^AADB2C90118: The user has forgotten their password\./)
    await expectStillSignedIn(page)

    await send(page, { type: 'error.dismiss' })
    await forgotPasswordInPopup(page, { type: 'token.request', interactionType: 'popup', scopes: [readScope] })
    expect(await settled(page)).toMatch(/^AADB2C90118: The user has forgotten their password\./)
    await expectStillSignedIn(page)
  })
})

test('someone else signing in in another tab sends this tab to the site root', async ({ page, context, baseURL }) => {
  const otherTab = await context.newPage()
  await otherTab.goto('/account')
  await expectStillSignedIn(otherTab)
  // The provider has forgotten the person, so the other tab's sign-in asks who signs in.
  await forgetProviderSession(context, baseURL!)
  await send(otherTab, { type: 'login.request', interactionType: 'redirect' })
  await otherTab.getByRole('button', { name: demo.community, exact: true }).click()
  await expect(otherTab.getByRole('button', { name: /^Account menu for / })).toBeVisible()

  await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/`)
})

test.describe('a forged sign-in answer', () => {
  // The provider's token endpoint refuses the forged code.
  test.use({ expectedPageErrors: [/status of 400 \(Bad Request\)/] })

  test('(the real state, a code the provider never gave) is refused, and the site root shows no one signed in', async ({ page, baseURL }) => {
    // The provider's sign-in page is replaced by a forged answer to the app's own request.
    await page.route(
      /\/auth\?/,
      (route) => {
        const request = new URL(route.request().url())
        const answer = new URLSearchParams({ code: 'forged', state: request.searchParams.get('state')! })
        return route.fulfill({ status: 302, headers: { location: `${request.searchParams.get('redirect_uri')}#${answer}` } })
      },
      { times: 1 },
    )
    await send(page, { type: 'login.request', interactionType: 'redirect' })
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/`)
    expect(await settled(page)).toMatch(/invalid_grant|grant request is invalid/)
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
  })
})

test('while another MSAL client of the site has an interaction in progress in this tab, MSAL refuses a token popup, and the person stays on the page', async ({ page }) => {
  // What MSAL keeps in the tab while any client of the origin runs an interaction; it then refuses
  // before it reports the token request as started or failed.
  await page.evaluate(() => window.sessionStorage.setItem('msal.interaction.status', JSON.stringify({ clientId: 'another-app-of-the-site', type: 'signin' })))
  await send(page, { type: 'token.request', interactionType: 'popup', scopes: [readScope] })
  expect(await settled(page)).toBe(msalErrors.interactionInProgress)
  await expectStillSignedIn(page)
})

test.describe('logging out with the provider out of reach', () => {
  // The browser logs the refused requests for the provider's settings.
  test.use({ expectedPageErrors: [/net::ERR_FAILED|Failed to load resource/] })

  test('MSAL ends the sign-out without going to the provider: the person is signed out here all the same, at the site root', async ({ page, context, baseURL }) => {
    // MSAL empties its cache, the provider's settings with it, and cannot read them again.
    await context.route(/openid-configuration/, (route) => route.abort())
    await send(page, { type: 'logout.request' })
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
  })
})
