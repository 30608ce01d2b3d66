import { expectNoAxeViolations } from './support/axe'
import { demo, expectActiveCard } from './support/accounts'
import { openSignedIn } from './support/signed-in'
import { expect, test } from './support/fixtures'
import { configuredFeedSource } from '../testkit/package-feed-source'

test('an assignee sees the seat with its owner’s email', async ({ page }) => {
  await openSignedIn(page, demo.dev1)
  const card = page.getByRole('article', { name: 'Commercial', exact: true })
  await expect(card.getByText('Owner: commercial@example.com')).toBeVisible()
  await expect(card.getByText('Active')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Connect Discord' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText(['My Licenses', 'Profile'])
})

test('a Commercial owner sees the card with its plan, owner and expiry, and the whole sidebar', async ({ page }) => {
  await openSignedIn(page, demo.commercial)
  const card = await expectActiveCard(page, 'Commercial', demo.commercial)
  await expect(card.getByText(/^Expires in/)).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'License Key' })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Connect Discord' })).toHaveCount(0)
  const nav = page.getByRole('navigation', { name: 'Account' })
  await expect(nav.getByRole('link')).toHaveText(['My Licenses', 'Profile', 'Manage Licenses', 'Invoices and company', 'Members'])
  await expect(nav.getByRole('button', { name: /Billing/ })).toBeVisible()
})

test('a Commercial Plus owner sees the plan, owner and expiry on the card', async ({ page }) => {
  await openSignedIn(page, demo.plus)
  await expectActiveCard(page, 'Commercial Plus', demo.plus)
})

test.describe('the License Key dialog', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('for Commercial Plus shows the private feed, its credentials and setup, and copies the key [S2.my-licenses.key-dialog S2.my-licenses.copy-and-close]', async ({ page, baseURL }) => {
    // The configured feed at the seat's own address (NuGet's HTTP cache is kept per source address).
    const feed = configuredFeedSource(baseURL!).replace(/index\.json$/, 'for/seat_plus_1/index.json')
    await openSignedIn(page, demo.plus)
    await page.getByRole('article', { name: 'Commercial Plus' }).getByRole('button', { name: 'License Key' }).click()
    const dialog = page.getByRole('dialog', { name: 'License Key' })
    await expect(dialog.getByRole('textbox', { name: 'Package source' })).toHaveValue(feed)
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue(demo.plus)
    const key = await dialog.getByRole('textbox', { name: 'Password' }).inputValue()
    expect(key).toMatch(/^PRSM(-[A-Z2-9]{5}){5}$/)
    for (const label of ['Package source', 'Username', 'Password']) await expect(dialog.getByRole('textbox', { name: label })).toHaveAttribute('readonly', '')
    await expect(dialog.getByRole('tabpanel', { name: '.NET CLI' }).getByText(`dotnet nuget add source ${feed} `, { exact: false })).toBeVisible()
    await dialog.getByRole('tab', { name: 'NuGet.config' }).click()
    await expect(dialog.getByRole('tabpanel', { name: 'NuGet.config' }).getByText(/%PRISM_LICENSE_KEY%/)).toBeVisible()
    await dialog.getByRole('tab', { name: 'CI' }).click()
    await expect(dialog.getByRole('tabpanel', { name: 'CI' }).getByText(/secrets\.PRISM_LICENSE_KEY/)).toBeVisible()
    await expect(dialog.getByText(/store-password-in-clear-text/)).toHaveCount(0)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Copy username' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demo.plus)
    await dialog.getByRole('button', { name: 'Copy and Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'License key copied to the clipboard.' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
  })

  test('for other plans shows a read-only key box [S2.my-licenses.key-dialog]', async ({ page }) => {
    await openSignedIn(page, demo.commercial)
    await page.getByRole('article', { name: 'Commercial', exact: true }).getByRole('button', { name: 'License Key' }).click()
    const dialog = page.getByRole('dialog', { name: 'License Key' })
    await expect(dialog.getByRole('textbox', { name: 'License key' })).toHaveAttribute('readonly', '')
    await expect(dialog.getByRole('textbox', { name: 'Package source' })).toHaveCount(0)
    const key = await dialog.getByRole('textbox', { name: 'License key' }).inputValue()
    await dialog.getByRole('button', { name: 'Copy and Close' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
  })
})

test.describe('Connect Discord', () => {
  test('stays disabled while the username is blank; Discord’s rules are checked before sending, keeping what was typed [S2.my-licenses.discord-dialog S5.discord.blank]', async ({ page }) => {
    await openSignedIn(page, demo.plus)
    let joins = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/discord/connect')) joins++
    })
    await page.getByRole('article', { name: 'Commercial Plus' }).getByRole('button', { name: 'Connect Discord' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Discord' })
    await expect(dialog.getByText(/Create a Discord account/)).toBeVisible()
    const join = dialog.getByRole('button', { name: 'Join Prism Discord' })
    await expect(join).toBeDisabled()
    await dialog.getByLabel('Discord username').fill('   ')
    await expect(join).toBeDisabled()
    await dialog.getByLabel('Discord username').fill('Not Valid')
    await expect(join).toBeEnabled()
    await join.click()
    await expect(dialog.getByLabel('Discord username')).toHaveAccessibleDescription('Discord username may hold only lowercase letters, digits, _ and .')
    await expect(dialog.getByLabel('Discord username')).toHaveValue('Not Valid')
    expect(joins).toBe(0)
    await expectNoAxeViolations(page)
  })
})

test.describe('the purchase page', () => {
  test('caps Community at 5 developers and totals the price', async ({ page }) => {
    await openSignedIn(page, demo.nolicense, '/account/purchase?pid=community')
    await expect(page.getByRole('heading', { name: 'Purchase Community' })).toBeVisible()
    const more = page.getByRole('button', { name: 'More developers' })
    for (let index = 0; index < 4; index++) await more.click()
    await expect(page.getByLabel('5 developers')).toBeVisible()
    await expect(more).toBeDisabled()
    await expect(page.getByText('The Community license covers at most 5 developers.')).toBeVisible()
    await expect(page.getByText('Total: $0.00 per year')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Get Community License' })).toBeEnabled()
  })

  test('counts the Community licenses an account already holds toward the 5', async ({ page }) => {
    await openSignedIn(page, demo.community, '/account/purchase?pid=community')
    const more = page.getByRole('button', { name: 'More developers' })
    for (let index = 0; index < 3; index++) await more.click()
    await expect(page.getByLabel('4 developers')).toBeVisible()
    await expect(more).toBeDisabled()
    await expect(page.getByText('Your account holds 1 Community license: at most 5 in all.')).toBeVisible()
  })

  test('totals a paid plan per developer', async ({ page }) => {
    await openSignedIn(page, demo.commercial, '/account/purchase?pid=commercial')
    await page.getByRole('button', { name: 'More developers' }).click()
    await page.getByRole('button', { name: 'More developers' }).click()
    await expect(page.getByText('$299.00 per developer, billed annually')).toBeVisible()
    await expect(page.getByText('Total: $897.00 per year')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test("says 'License not available' for another license type than the account's [S2.purchase.not-available S5.purchase.allowed-price]", async ({ page }) => {
    await openSignedIn(page, demo.commercial, '/account/purchase?pid=commercial-plus')
    await expect(page.getByRole('heading', { name: 'License not available' })).toBeVisible()
    await expect(page.getByText('Sorry, the license you are looking for is not available for your account. Accounts are limited to one license type.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Choose another license type' })).toHaveAttribute('href', '/#pricing')
  })

  test.describe('without a product', () => {
    test.use({ expectedPageErrors: [/status of 404/] })

    test("a missing or unknown pid goes to '/' [S2.purchase.load]", async ({ page }) => {
      await openSignedIn(page, demo.commercial, '/account/purchase')
      await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
      await page.goto('/account/purchase?pid=enterprise')
      await expect(page.getByRole('heading', { level: 1, name: 'Empower Your XAML Applications' })).toBeVisible()
    })
  })
})
