import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
  })

  test('introduces Prism with the hero and a way to the pricing', async ({ page }) => {
    await expect(page).toHaveTitle('Prism – Empower Your XAML Applications')
    await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    await expect(page.getByText('For WPF, Uno Platform, .NET MAUI and Xamarin.Forms.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/#pricing')
  })

  test('header links lead to the sections, the documentation and the account', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [name, hash] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Team', 'team'],
      ['Learn', 'learn'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/#${hash}`)
    }
    const docs = nav.getByRole('link', { name: 'Documentation (opens in a new tab)' })
    await expect(docs).toHaveAttribute('href', 'https://docs.prismlibrary.com')
    await expect(docs).toHaveAttribute('target', '_blank')
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
  })

  test('lists the nine features, each with a sentence', async ({ page }) => {
    const features = page.getByRole('region', { name: 'Features' }).getByRole('listitem')
    await expect(features).toHaveCount(9)
    await expect(features.getByRole('heading')).toHaveText([
      'MVVM Support',
      'Dependency Injection',
      'Event Aggregator',
      'Commanding',
      'Navigation',
      'Modularity',
      'Region Management',
      'ViewModel Locator',
      'Template Packs and Code Snippets',
    ])
    for (const feature of await features.all()) {
      await expect(feature.locator('p')).toHaveText(/\w.{40,}\./)
    }
  })

  test('prices the three plans per developer, billed annually', async ({ page }) => {
    const pricing = page.getByRole('region', { name: 'Pricing' })
    const cards = [
      { name: 'Community', price: 'FREE*', action: 'Get Community License', pid: 'community' },
      { name: 'Commercial Plus', price: '$499.00', action: 'Buy Commercial Plus', pid: 'commercial-plus' },
      { name: 'Commercial', price: '$299.00', action: 'Buy Commercial', pid: 'commercial' },
    ]
    await expect(pricing.getByRole('article')).toHaveCount(3)
    for (const card of cards) {
      const article = pricing.getByRole('article', { name: card.name, exact: true })
      await expect(article.getByText(card.price, { exact: true })).toBeVisible()
      await expect(article.getByText('per developer, billed annually')).toBeVisible()
      await expect(article.getByRole('link', { name: card.action, exact: true })).toHaveAttribute('href', `/account/purchase?pid=${card.pid}`)
    }
    await expect(pricing.getByText('Best value')).toHaveCount(1)
    await expect(pricing.getByRole('article', { name: 'Commercial Plus' }).getByText('Best value')).toBeVisible()
    await expect(pricing.getByRole('article', { name: 'Commercial Plus' }).getByRole('listitem')).toHaveCount(9)
    await expect(pricing.getByText(/under \$1 million USD in annual gross revenue, or .* more than \$3 million USD in outside capital/)).toBeVisible()
  })

  test('presents the two maintainers with their social links', async ({ page }) => {
    const team = page.getByRole('region', { name: 'Team' })
    await expect(team.getByRole('article')).toHaveCount(2)
    await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Brian Lagunas', 'Dan Siegel'])
    await expect(team.getByRole('link', { name: 'Brian Lagunas on GitHub (opens in a new tab)' })).toHaveAttribute('href', 'https://github.com/brianlagunas')
    await expect(team.getByRole('link', { name: 'Dan Siegel on GitHub (opens in a new tab)' })).toHaveAttribute('href', 'https://github.com/dansiegel')
    for (const link of await team.getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank')
    }
  })

  test('offers five video courses that open in a new tab', async ({ page }) => {
    const courses = page.getByRole('region', { name: 'Learn' }).getByRole('link')
    await expect(courses).toHaveCount(5)
    await expect(courses.first()).toHaveAccessibleName('Introduction to Prism 7 for WPF (opens in a new tab)')
    await expect(courses.first()).toHaveAttribute('href', 'https://www.pluralsight.com/courses/prism-wpf-introduction')
    for (const course of await courses.all()) {
      await expect(course).toHaveAttribute('target', '_blank')
      await expect(course).toHaveAttribute('href', /^https:\/\/www\.pluralsight\.com\//)
    }
  })

  test('footer links to the policies and the license agreement', async ({ page }) => {
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy')
    await expect(footer.getByRole('link', { name: 'Fulfillment Policy' })).toHaveAttribute('href', '/fulfillment')
    const agreement = footer.getByRole('link', { name: 'License Agreement (opens in a new tab)' })
    await expect(agreement).toHaveAttribute('href', 'https://cdn.prismlibrary.com/downloads/prism_license.pdf')
    await expect(agreement).toHaveAttribute('target', '_blank')
    await expect(footer.getByText(`© ${new Date().getFullYear()} Prism. All rights reserved.`)).toBeVisible()
  })

  test('has no accessibility violations in the light and dark schemes', async ({ page }) => {
    await expectNoAxeViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expectNoAxeViolations(page)
  })
})
