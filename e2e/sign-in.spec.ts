import { expectNoAxeViolations } from './support/axe'
import { demo, expectActiveCard, licenseCard, logOut, signInAs } from './support/accounts'
import { expect, test } from './support/fixtures'

test.describe('signing in', () => {
  test('with Microsoft as a person without licenses shows the empty My Licenses [S2.my-licenses.empty]', async ({ page }) => {
    await signInAs(page, demo.nolicense)
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
    await expect(page.getByText('Get started by purchasing a license.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Purchase License' })).toHaveAttribute('href', '/#pricing')
    const nav = page.getByRole('navigation', { name: 'Account' })
    await expect(nav.getByRole('link')).toHaveText(['My Licenses', 'Profile'])
    await expect(nav.getByRole('button', { name: /Billing/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Account menu for Nora Nolicense' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('with Google as a Community owner shows the license expiring soon', async ({ page }) => {
    await signInAs(page, demo.community)
    const card = await expectActiveCard(page, 'Community', demo.community)
    await expect(card.getByText(/^Expires in 1[12] days$/)).toBeVisible()
    await expect(card.getByRole('button', { name: 'Connect Discord' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText(['My Licenses', 'Profile', 'Manage Licenses', 'Invoices and company', 'Members'])
  })

  test('with GitHub as a Commercial Plus owner offers Discord and the license key [S2.my-licenses.card-actions]', async ({ page }) => {
    await signInAs(page, demo.plus)
    const card = page.getByRole('article', { name: 'Commercial Plus' })
    await expect(card.getByRole('button', { name: 'Connect Discord' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'License Key' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Account' })
    await expect(nav.getByRole('link')).toHaveText(['My Licenses', 'Profile', 'Manage Licenses', 'Feed tokens', 'Invoices and company', 'Members'])
    await expect(nav.getByRole('button', { name: /Billing/ })).toBeVisible()
  })

  test('as a new person signs them up and lands on an empty My Licenses', async ({ page }) => {
    await page.goto('/account')
    await page.getByRole('link', { name: 'Sign up now' }).click()
    await page.getByLabel('Sign in with').selectOption('GitHub')
    await page.getByLabel('First name').fill('Nia')
    await page.getByLabel('Last name').fill('Newcomer')
    await page.getByLabel('Email').fill(`nia.${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('heading', { name: 'No Licenses Assigned' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account menu for Nia Newcomer' })).toBeVisible()
  })

  test('keeps the session across a reload, from the token cache', async ({ page }) => {
    await signInAs(page, demo.commercial)
    // The sign-in answer lands on '/', whose pricing also has a 'Commercial' card: wait for the account.
    const license = licenseCard(page, 'Commercial')
    await expect(license).toBeVisible()
    await page.reload()
    await expect(page).toHaveURL(/\/account$/)
    await expect(license).toBeVisible()
  })

  test('logs out to the site root, with no state left in the address [S2.redirect-addresses]', async ({ page }) => {
    await signInAs(page, demo.commercial)
    await expect(licenseCard(page, 'Commercial')).toBeVisible()
    await logOut(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page).toHaveURL(/^https:\/\/localhost:\d+\/$/)
    await page.goto('/account')
    await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toBeVisible()
  })

  test('resets a forgotten password, then signs in again', async ({ page }) => {
    await page.goto('/account')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    await page.getByLabel('Email').fill(demo.full)
    await page.getByLabel('New password').fill('a-new-password')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toBeVisible()
    await page.getByRole('button', { name: demo.full, exact: true }).click()
    await expect(licenseCard(page, 'Commercial')).toBeVisible()
  })
})

test.describe('when the accounts API is down', () => {
  test.use({ expectedPageErrors: [/Failed to load resource|net::ERR_FAILED/] })

  test("the account cannot load and the user goes to '/' [S4.session.load]", async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort())
    await signInAs(page, demo.commercial)
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page).toHaveURL(/^https:\/\/localhost:\d+\/$/)
  })
})

test('Billing opens the payment sandbox portal, and Return to site comes back', async ({ page }) => {
  await signInAs(page, demo.commercial)
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: /Billing/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Subscription' })
      .getByRole('definition')
      .filter({ hasText: /^Prism Commercial$/ }),
  ).toBeVisible()
  await expect(page.getByText('VISA ending in 4242, expires 12/2030')).toBeVisible()
  await page.getByRole('link', { name: 'Return to site' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(licenseCard(page, 'Commercial')).toBeVisible()
})

test('an expired access token is renewed without any visible sign-in', async ({ page }) => {
  await page.clock.install()
  await signInAs(page, demo.plus)
  await expect(page.getByRole('article', { name: 'Commercial Plus' })).toBeVisible()
  const tokenRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/token')) tokenRequests.push(request.postData() ?? '')
  })
  // Access tokens live an hour; the refresh token a day.
  await page.clock.fastForward('02:00:00')
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(demo.plus)
  await expect(page.getByRole('heading', { name: 'Sign in to Prism' })).toHaveCount(0)
  expect(tokenRequests.some((body) => body.includes('grant_type=refresh_token'))).toBe(true)
})

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the sidebar folds into a menu', async ({ page }) => {
    await signInAs(page, demo.commercial)
    await expect(licenseCard(page, 'Commercial')).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Account' })
    await expect(nav).not.toBeInViewport()
    await page.getByRole('button', { name: 'Open account menu' }).click()
    await expect(nav).toBeInViewport()
    await nav.getByRole('link', { name: 'Profile' }).click()
    await expect(page).toHaveURL(/\/account\/profile$/)
    await expect(nav).not.toBeInViewport()
  })
})
