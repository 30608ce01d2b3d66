import { readFileSync } from 'node:fs'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { demo } from './support/accounts'

const policies = [
  {
    path: '/privacy',
    title: 'Privacy Policy – Prism',
    headings: ['Information we collect', 'How we use it', 'Payments', 'Sign-in, cookies and local storage', 'Sharing', 'How long we keep it', 'Your rights', 'Changes to this policy'],
  },
  {
    path: '/fulfillment',
    title: 'Fulfillment Policy – Prism',
    headings: ['Delivery', 'Refunds', 'Returns', 'Cancellation', 'Auto-renewal', 'Questions'],
  },
]

for (const policy of policies) {
  test.describe(policy.path, () => {
    test('is a policy page with its headings and the support contact', async ({ page }) => {
      const response = await page.goto(policy.path)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle(policy.title)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.title.replace(' – Prism', ''))
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(policy.headings)
      await expect(
        page
          .getByRole('main')
          .getByText(/support@prismlibrary\.com/)
          .first(),
      ).toBeVisible()
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@prismlibrary.com' })).toHaveAttribute('href', 'mailto:support@prismlibrary.com')
      await expectNoAxeViolations(page)
    })
  })
}

test('the fulfillment policy states no refunds, immediate digital delivery and annual renewal', async ({ page }) => {
  await page.goto('/fulfillment')
  const main = page.getByRole('main')
  await expect(main.getByText(/we do not offer refunds/)).toBeVisible()
  await expect(main.getByText(/delivered digitally and immediately/)).toBeVisible()
  await expect(main.getByText(/renew automatically every year/)).toBeVisible()
})

test.describe('unknown addresses', () => {
  // Chromium reports the 404 status of the document itself as a console error.
  test.use({ expectedPageErrors: [/Failed to load resource: the server responded with a status of 404/] })

  test("answer 404 with 'Page not found' and a way back home", async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Page not found – Prism')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Go back home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
  })

  test.describe('as someone without a license', () => {
    test.use({ signedInAs: demo.nolicense })
    test("show 'Page not found' when reached inside the app", async ({ page }) => {
      // The app runs in the portal; the public pages are documents without it (decision 0013).
      await page.goto('/account/profile')
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
      await page.evaluate(() => {
        history.pushState({}, '', '/missing/page')
        dispatchEvent(new PopStateEvent('popstate'))
      })
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    })
  })
})

test.describe('a route that fails to load', () => {
  test.use({ expectedPageErrors: [/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/] })

  test.describe('as someone without a license', () => {
    test.use({ signedInAs: demo.nolicense })
    test("shows 'Unexpected Application Error!' with the message [S8.routing]", async ({ page, baseURL }) => {
      // The landing page's view, which the app loads when it leaves the portal for '/'.
      const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>
      const landingView = `/${manifest['src/routes/index.tsx?tsr-split=component']!.file}`
      const isLandingView = (url: URL) => url.pathname === landingView
      await page.route(isLandingView, (route) => route.abort())
      await page.goto('/account/profile')
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
      // On a missing module the router reloads the page once per session; reloaded, '/' is its
      // prerendered page, which needs no module. Here that reload has already happened.
      await page.evaluate((message) => sessionStorage.setItem(`tanstack_router_reload:${message}`, '1'), `Failed to fetch dynamically imported module: ${new URL(landingView, baseURL).href}`)
      await page.getByRole('link', { name: 'Prism home' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
      await expect(page.getByText(/Failed to fetch dynamically imported module/)).toBeVisible()
      await expect(page).toHaveTitle('Unexpected Application Error! – Prism')
      await expectNoAxeViolations(page)
      await page.unroute(isLandingView)
      await page.getByRole('button', { name: 'Try again' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    })
  })
})
