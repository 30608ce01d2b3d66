import { expect, test } from './support/fixtures'

/**
 * Decision 0013: a public page is its prerendered HTML, its stylesheet and one inline script. It
 * requests no script file, so nothing on it waits for one: every click and key press works from
 * the first paint. Here every script file of the site is refused, to prove it.
 */
test.describe('the public pages without any script file', () => {
  // The portal's app shell, reached at the end, cannot load its refused scripts.
  test.use({ expectedPageErrors: [/Failed to load resource|net::ERR_FAILED/] })

  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  })

  test('/ and the policies request none, and show the same page', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    for (const path of ['/', '/privacy', '/fulfillment']) await page.goto(path, { waitUntil: 'networkidle' })
    expect(scripts).toEqual([])
    await expect(page.getByRole('heading', { level: 1, name: 'Fulfillment Policy' })).toBeVisible()
  })

  test.describe(() => {
    // The browser tests run as a visitor who prefers reduced motion; this checks the smooth scroll.
    test.use({ reducedMotion: 'no-preference' })

    test('section links scroll smoothly after the delay, by pointer and by keyboard', async ({ page }) => {
      await page.goto('/')
      const nav = page.getByRole('navigation', { name: 'Main' })
      await nav.getByRole('link', { name: 'Team', exact: true }).click()
      await expect(page).toHaveURL(/\/#team$/)
      await expect(page.getByRole('heading', { name: 'Team', level: 2 })).toBeInViewport()
      await expect(page.getByRole('region', { name: 'Team' })).toBeFocused()
      await nav.getByRole('link', { name: 'Pricing', exact: true }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/#pricing$/)
      await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeInViewport()
    })
  })

  test('the colour-scheme toggle switches and keeps the choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/privacy')
    const html = page.locator('html')
    const toggle = page.getByRole('button', { name: 'Dark colour scheme' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await page.goto('/')
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  })

  test.describe('on a narrow screen', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('the menu opens, and closes when a link in it is chosen', async ({ page }) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Open menu' }).click()
      const nav = page.getByRole('navigation', { name: 'Main' })
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
      await nav.getByRole('link', { name: 'Learn', exact: true }).click()
      await expect(nav).toBeHidden()
      await expect(page.getByRole('heading', { name: 'Learn', level: 2 })).toBeInViewport()
    })
  })

  test('a purchase link leads to the purchase page, and heading for it fetches the portal first', async ({ page }) => {
    await page.unroute(/\/assets\/.*\.js$/)
    await page.goto('/')
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    const buy = page.getByRole('link', { name: 'Buy Commercial', exact: true })
    await buy.hover()
    // MSAL comes with the account area's code: the sign-in starts from the cache.
    const portal = ['main', 'auth-service', 'route', 'purchase'].map((name) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`))
    await expect.poll(() => portal.filter((file) => fetched.some((path) => file.test(path))).length).toBe(portal.length)
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await buy.click()
    await expect(page).toHaveURL(/\/account\/purchase\?pid=commercial$/)
  })
})
