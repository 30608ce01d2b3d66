import type { Page } from '@playwright/test'
import { demo, licenseCard, logOut, signInAs } from './support/accounts'
import { expect, test } from './support/fixtures'
import { jwtShaped, setVisibility, storedByTheSite, watchSession } from './support/session-watch'

const siteRoot = /^https:\/\/localhost:\d+\/$/
const landingHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })
const profileEmail = (page: Page) => page.getByLabel('Email', { exact: true })
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' })
// MSAL adds a query string to the token endpoint's address.
const isTokenEndpoint = (url: URL) => url.pathname.endsWith('/token')
const refreshRequests = (page: Page) => {
  const bodies: string[] = []
  page.on('request', (request) => {
    if (isTokenEndpoint(new URL(request.url())) && request.postData()?.includes('grant_type=refresh_token')) bodies.push(request.postData()!)
  })
  return bodies
}

test.describe('tokens', () => {
  // The refused refresh token below: the browser itself logs the provider's 400.
  test.use({ expectedPageErrors: [/^Failed to load resource: the server responded with a status of 400/] })

  test('never appear in an address, the console or on screen, through sign-in, API calls, silent renewals and logout', async ({ page, context, baseURL }) => {
    const watch = await watchSession(context)
    await page.clock.install()
    await signInAs(page, demo.plus, '/account/profile')
    await expect(profileEmail(page)).toHaveValue(demo.plus)
    await accountNav(page).getByRole('link', { name: 'My Licenses' }).click()
    await expect(page.getByRole('article', { name: 'Commercial Plus' })).toBeVisible()

    // Renewal by refresh token, then (the provider refusing the refresh token once) by a hidden frame.
    await page.clock.fastForward('02:00:00')
    await accountNav(page).getByRole('link', { name: 'Profile' }).click()
    await expect(profileEmail(page)).toHaveValue(demo.plus)
    let refused = false
    await page.route(isTokenEndpoint, async (route) => {
      if (refused || !route.request().postData()?.includes('grant_type=refresh_token')) return route.continue()
      refused = true
      return route.fulfill({ status: 400, json: { error: 'invalid_grant', error_description: 'grant request is invalid' } })
    })
    let hiddenFrames = 0
    page.on('frameattached', () => hiddenFrames++)
    await page.clock.fastForward('02:00:00')
    await accountNav(page).getByRole('link', { name: 'My Licenses' }).click()
    await expect(page.getByRole('article', { name: 'Commercial Plus' })).toBeVisible()
    expect(hiddenFrames).toBeGreaterThan(0)

    await logOut(page)
    await expect(landingHeading(page)).toBeVisible()

    // Access, ID and refresh tokens, each renewed: at least two of each kind were seen.
    expect(watch.tokens.size).toBeGreaterThanOrEqual(6)
    const shownText = watch.shown.map((shown) => shown.text)
    for (const token of watch.tokens) {
      expect(watch.urls.filter((url) => url.includes(token))).toEqual([])
      expect(watch.console.filter((message) => message.includes(token))).toEqual([])
      expect(shownText.filter((text) => text.includes(token))).toEqual([])
    }
    expect(watch.urls.filter((url) => jwtShaped.test(url))).toEqual([])
    expect(watch.console.filter((message) => jwtShaped.test(message))).toEqual([])
    expect(shownText.filter((text) => jwtShaped.test(text))).toEqual([])
    // The sign-out asks the provider by client id, not with the ID token as a hint (decision 0008).
    const signOut = watch.urls.find((url) => new URL(url).pathname.endsWith('/session/end'))
    expect(signOut && new URL(signOut).searchParams.has('id_token_hint')).toBe(false)
    // There are no analytics: every request stays on the site's own origin.
    expect(watch.urls.filter((url) => /^https?:/.test(url) && new URL(url).origin !== new URL(baseURL!).origin)).toEqual([])
  })
})

test('logging out leaves nothing of the account in the browser, and the next person never sees the previous one', async ({ page, context }) => {
  const watch = await watchSession(context)
  await signInAs(page, demo.plus)
  await page.getByRole('article', { name: 'Commercial Plus' }).getByRole('button', { name: 'License Key' }).click()
  const licenseKey = await page.getByRole('dialog', { name: 'License Key' }).getByRole('textbox', { name: 'Password' }).inputValue()
  await page.keyboard.press('Escape')
  await logOut(page)
  await expect(landingHeading(page)).toBeVisible()

  const firstPerson = [demo.plus, 'Paula', licenseKey]
  const stored = await storedByTheSite(page)
  expect(Object.keys(stored.localStorage).filter((key) => key.startsWith('msal.'))).toEqual([])
  // MSAL's mark of the sign-out redirect (client id and 'signout') stays until MSAL next starts.
  expect(Object.keys(stored.sessionStorage).filter((key) => key.startsWith('msal.') && key !== 'msal.interaction.status')).toEqual([])
  const everythingStored = JSON.stringify(stored)
  for (const value of [...firstPerson, ...watch.tokens]) expect(everythingStored).not.toContain(value)

  const shownBefore = watch.shown.length
  await signInAs(page, demo.commercial)
  await expect(licenseCard(page, 'Commercial')).toBeVisible()
  await accountNav(page).getByRole('link', { name: 'Profile' }).click()
  await expect(profileEmail(page)).toHaveValue(demo.commercial)
  // Every text the site showed since, loading states included (the provider's own pages list every demo person).
  const shownSince = watch.shown.slice(shownBefore).filter((shown) => !new URL(shown.url).pathname.startsWith('/idp/'))
  expect(shownSince.some((shown) => shown.text.includes(demo.commercial))).toBe(true)
  for (const value of firstPerson) expect(shownSince.filter((shown) => shown.text.includes(value))).toEqual([])
})

test('logging out in one tab signs the other tabs out', async ({ page, context }) => {
  await signInAs(page, demo.full)
  await expect(licenseCard(page, 'Commercial')).toBeVisible()
  const otherTab = await context.newPage()
  await otherTab.goto('/account/profile')
  await expect(profileEmail(otherTab)).toHaveValue(demo.full)

  await logOut(page)
  await expect(otherTab).toHaveURL(siteRoot)
  await expect(landingHeading(otherTab)).toBeVisible()
  await expect(otherTab.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
  expect(await otherTab.locator('body').innerText()).not.toContain(demo.full)
  await expect(landingHeading(page)).toBeVisible()
})

test('a tab back in the foreground renews its expired access token without a visible sign-in', async ({ page }) => {
  await page.clock.install()
  await signInAs(page, demo.community, '/account/profile')
  await expect(profileEmail(page)).toHaveValue(demo.community)
  const renewals = refreshRequests(page)

  await setVisibility(page, 'hidden')
  await page.clock.fastForward('02:00:00')
  await setVisibility(page, 'visible')
  await expect.poll(() => renewals.length).toBe(1)
  await expect(page).toHaveURL(/\/account\/profile$/)
  await expect(profileEmail(page)).toHaveValue(demo.community)
})

test.describe('a tab whose session ended at the provider while it was in the background', () => {
  // The provider refuses the revoked refresh token with a 400, which the browser itself logs.
  test.use({ expectedPageErrors: [/^Failed to load resource: the server responded with a status of 400/] })

  test('sends the person to sign in again when it comes back, and returns to the same page', async ({ page, context }) => {
    await page.clock.install()
    await signInAs(page, demo.nolicense, '/account/profile')
    await expect(profileEmail(page)).toHaveValue(demo.nolicense)
    await setVisibility(page, 'hidden')

    // Signed out at the provider elsewhere: its session ends and the site's refresh token is revoked.
    const elsewhere = await context.newPage()
    await elsewhere.goto('/idp/b2c_1_susi/session/end?client_id=prism-spa-local')
    await expect(elsewhere.getByRole('heading', { name: /sign-out success/i })).toBeVisible()
    await elsewhere.close()
    await page.clock.fastForward('02:00:00')

    await setVisibility(page, 'visible')
    await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toBeVisible()
    await page.getByRole('button', { name: demo.nolicense, exact: true }).click()
    await expect(page).toHaveURL(/\/account\/profile$/)
    await expect(profileEmail(page)).toHaveValue(demo.nolicense)
  })
})
