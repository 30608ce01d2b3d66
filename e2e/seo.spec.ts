import { expect, test } from './support/fixtures'
import { gotoHydrated } from './support/hydration'
import { demo } from './support/accounts'

const pages = [
  { path: '/', title: 'Prism – Empower Your XAML Applications' },
  { path: '/privacy', title: 'Privacy Policy – Prism' },
  { path: '/fulfillment', title: 'Fulfillment Policy – Prism' },
]

for (const { path, title } of pages) {
  test(`${path} has its own title, description, canonical address and Open Graph tags`, async ({ page, baseURL }) => {
    await page.goto(path)
    await expect(page).toHaveTitle(title)
    const meta = (selector: string) => page.locator(`head ${selector}`)
    await expect(meta('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
    await expect(meta('meta[property="og:title"]')).toHaveAttribute('content', title)
    await expect(meta('meta[property="og:description"]')).toHaveAttribute('content', /.{50,}/)
    await expect(meta('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.png$/)
    await expect(meta('link[rel="canonical"]')).toHaveAttribute('href', new URL(path, 'https://localhost:5173').href)
    await expect(meta('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg')
    await expect(meta('title')).toHaveCount(1)
    expect((await page.request.get(`${baseURL}/og-image.png`)).status()).toBe(200)
  })
}

test('titles follow client-side navigation', async ({ page }) => {
  await gotoHydrated(page, '/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Fulfillment Policy' }).click()
  await expect(page).toHaveTitle('Fulfillment Policy – Prism')
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1)
})

test.describe('as an owner whose seats are all assigned', () => {
  test.use({ signedInAs: demo.full })
  test('an account page opened at its address has one title while it loads, then its own', async ({ page }) => {
    // The titles of the document each time it changed, from its first byte, once it shows any text.
    await page.addInitScript(() => {
      const seen: string[] = []
      const note = () => {
        if (!document.body?.innerText.trim()) return
        const entry = [...document.querySelectorAll('title')].map((title) => title.text).join(' | ')
        if (seen.at(-1) !== entry) seen.push(entry)
      }
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true })
      Object.assign(window, { titlesSeen: seen })
    })
    await page.goto('/account/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    const seen = await page.evaluate(() => (window as unknown as { titlesSeen: string[] }).titlesSeen)
    // The wait names the page (unless it was too short to draw), then the page its own name.
    expect(seen.at(-1)).toBe('Profile – Prism')
    expect(seen.slice(0, -1)).toEqual(seen.length > 1 ? ['Your account – Prism'] : [])
  })
})

test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  expect(await robots.text()).toContain('Sitemap: https://localhost:5173/sitemap.xml')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of ['/', '/privacy', '/fulfillment']) expect(sitemap).toContain(`<loc>https://localhost:5173${path}</loc>`)
})

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false })

  test('the prerendered pages are readable', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Pricing' }).getByText('$499.00')).toBeVisible()
    await page.goto('/fulfillment')
    await expect(page.getByRole('heading', { level: 2, name: 'Refunds' })).toBeVisible()
  })
})
