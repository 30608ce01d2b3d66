import { expect, test } from './support/fixtures'
import { gotoHydrated } from './support/hydration'

test.describe('section links', () => {
  // The browser tests run as a visitor who prefers reduced motion; these check the smooth scroll.
  test.use({ reducedMotion: 'no-preference' })

  test('scroll smoothly to their section after the delay and update the address', async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team', exact: true }).click()
    await expect(page).toHaveURL(/\/#team$/)
    await expect(page.getByRole('heading', { name: 'Team', level: 2 })).toBeInViewport()
    await expect(page.getByRole('region', { name: 'Team' })).toBeFocused()
  })

  test('scroll to the section when the page is opened with a hash', async ({ page }) => {
    await gotoHydrated(page, '/#learn')
    await expect(page.getByRole('heading', { name: 'Learn', level: 2 })).toBeInViewport()
  })

  test('scroll again when the same section link is clicked twice', async ({ page }) => {
    await gotoHydrated(page, '/#pricing')
    await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeInViewport()
    // Let the smooth scroll come to rest before scrolling back to the top.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise((resolve) => {
              const start = window.scrollY
              setTimeout(() => resolve(window.scrollY === start), 300)
            }),
        ),
      )
      .toBe(true)
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).not.toBeInViewport()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeInViewport()
  })

  test('lead from a policy page back to the landing page section', async ({ page }) => {
    await gotoHydrated(page, '/privacy')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features', exact: true }).click()
    await expect(page).toHaveURL(/\/#features$/)
    await expect(page.getByRole('heading', { name: 'Features', level: 2 })).toBeInViewport()
  })

  test("'Get started' scrolls to the pricing", async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.getByRole('link', { name: 'Get started' }).click()
    await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeInViewport()
  })
})

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the links fold into a menu button', async ({ page }) => {
    await gotoHydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeHidden()
    const menuButton = page.getByRole('button', { name: 'Open menu' })
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await menuButton.click()
    const closeButton = page.getByRole('button', { name: 'Close menu' })
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Documentation (opens in a new tab)' })).toBeVisible()
    await nav.getByRole('link', { name: 'Pricing', exact: true }).click()
    await expect(nav).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeInViewport()
  })
})

test.describe('colour scheme', () => {
  test('follows the system until the visitor chooses, and keeps the choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await gotoHydrated(page, '/')
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
    const toggle = page.getByRole('button', { name: 'Dark colour scheme' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await page.reload()
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
    await gotoHydrated(page, '/privacy')
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
  })

  test('starts light on a light system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await gotoHydrated(page, '/')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light')
    await page.getByRole('button', { name: 'Dark colour scheme' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  })
})
