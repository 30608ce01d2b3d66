import { readFileSync } from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { feedTokenUsername } from '../common/contract'
import { configuredFeedSource } from '../testkit/package-feed-source'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { signUpOwner } from './support/owners'

// Feed tokens and seat usage against the local stack's API and feed. Each journey's owner is new.

/** The local feed's service index with Basic credentials: 200 lets a package client in, 401 refuses. */
const feedIndex = async (request: APIRequestContext, username: string, secret: string) =>
  (await request.get('/feed/index.json', { headers: { Authorization: `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}` } })).status()

test('a Commercial Plus owner creates a feed token, sees its secret once with a NuGet.config, the feed takes it, and revoking it shuts the feed at once', async ({ page, request, baseURL }) => {
  await signUpOwner(page, { firstName: 'Tove', priceId: 'commercial-plus', seats: 1 })
  await page.goto('/account')
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Feed tokens' }).click()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Feed tokens' })).toBeVisible()
  await expect(main.getByText('No feed tokens yet.')).toBeVisible()

  await main.getByRole('button', { name: 'Create feed token' }).click()
  const form = page.getByRole('dialog', { name: 'Create feed token' })
  await expect(form.getByRole('textbox', { name: /^Expires in/ })).toHaveValue('365')
  await form.getByRole('textbox', { name: /^Name/ }).fill('GitHub Actions')
  await form.getByRole('button', { name: 'Create token' }).click()

  const created = page.getByRole('dialog', { name: 'Feed token created' })
  await expect(created.getByText(/won't be shown again/)).toBeVisible()
  await expect(created.getByRole('textbox', { name: 'Username' })).toHaveValue(feedTokenUsername)
  const secret = await created.getByRole('textbox', { name: 'Secret' }).inputValue()
  expect(secret.length).toBeGreaterThanOrEqual(16)
  const snippet = created.getByRole('region', { name: 'NuGet.config' })
  // The configured feed at the token's own address (NuGet's HTTP cache is kept per source address).
  const feed = configuredFeedSource(baseURL!).replace(/index\.json$/, '')
  await expect(snippet).toContainText(new RegExp(`value="${feed.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}for/ftok_[\\w-]{12}/index\\.json"`))
  await expect(snippet).toContainText('<add key="Username" value="token" />')
  await expect(snippet).not.toContainText(secret)
  await expectNoAxeViolations(page)
  expect(await feedIndex(request, feedTokenUsername, secret)).toBe(200)

  await created.getByRole('button', { name: 'Done' }).click()
  const table = main.getByRole('table', { name: 'Feed tokens' })
  const row = table.getByRole('row').filter({ hasText: 'GitHub Actions' })
  await expect(row).toContainText(`…${secret.slice(-4)}`)
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^(Never|[A-Z][a-z]+ \d{1,2}, \d{4})$/)
  await expect(page.getByText(secret)).toHaveCount(0)
  // Once closed, the secret is gone from the page for good: a reload lists the token without it.
  await page.reload()
  await expect(row).toBeVisible()
  await expect(page.getByText(secret)).toHaveCount(0)

  await row.getByRole('button', { name: 'Revoke GitHub Actions' }).click()
  await page.getByRole('dialog', { name: 'Revoke feed token' }).getByRole('button', { name: 'Revoke' }).click()
  await expect(main.getByText('No feed tokens yet.')).toBeVisible()
  expect(await feedIndex(request, feedTokenUsername, secret)).toBe(401)
})

test('a feed token lasts at most 730 days: the form says so and sends nothing', async ({ page }) => {
  await signUpOwner(page, { firstName: 'Vera', priceId: 'commercial-plus', seats: 1 })
  await page.goto('/account/feed-tokens')
  await expect(page.getByText('No feed tokens yet.')).toBeVisible()
  let posts = 0
  page.on('request', (sent) => void (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/feed-tokens' && posts++))
  await page.getByRole('button', { name: 'Create feed token' }).click()
  const form = page.getByRole('dialog', { name: 'Create feed token' })
  await form.getByRole('textbox', { name: /^Name/ }).fill('Nightly')
  await form.getByRole('textbox', { name: /^Expires in/ }).fill('731')
  await form.getByRole('button', { name: 'Create token' }).click()
  await expect(form.getByText('Expiry must be at most 730 days')).toBeVisible()
  await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Nightly')
  expect(posts).toBe(0)
})

test('Manage Licenses shows when each seat last reached the feed, filters the unused ones, and downloads the seats as CSV', async ({ page }) => {
  const email = await signUpOwner(page, { firstName: 'Wren', priceId: 'commercial', seats: 2 })
  await page.goto('/account/licenses')
  const table = page.getByRole('table', { name: 'Assigned licenses' })
  await expect(table.getByRole('columnheader', { name: 'Last used' })).toBeVisible()
  const own = table.getByRole('row').filter({ hasText: email })
  await expect(own).toContainText('Never')
  await page.getByRole('checkbox', { name: /Not used for 60 days/ }).check()
  await expect(own).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('assigned-licenses.csv')
  const text = readFileSync(await file.path(), 'utf8')
  expect(text.split(/\r?\n/)[0]).toBe('email,firstName,lastName,plan,assignedAt,lastFeedAccessAt,status')
  expect(text).toContain(email)
})
