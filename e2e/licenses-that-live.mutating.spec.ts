import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { assignLicense, expectNotice, licenseCard } from './support/accounts'
import { mailTo } from './support/mail-inbox'
import { newEmail, signUpAs, signUpOwner } from './support/owners'

// Licenses after the purchase: the key a package feed checks, its rotation, the mail an assignee
// gets, and the owner's activity. Each journey's owner is new.

/** What the package feed's proxy would ask: 204 lets the feed answer, 401 refuses. */
const feedCheck = async (request: APIRequestContext, email: string, key: string) =>
  (await request.get('/api/feed/authorize', { headers: { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}` } })).status()

test('regenerating a key shows the new one, and the package feed refuses the old one at once', async ({ page, request }) => {
  const email = await signUpOwner(page, { firstName: 'Rory', priceId: 'commercial-plus', seats: 1 })
  await page.goto('/account')
  await licenseCard(page, 'Commercial Plus').getByRole('button', { name: 'License Key' }).click()
  const dialog = page.getByRole('dialog', { name: 'License Key' })
  const password = dialog.getByRole('textbox', { name: 'Password' })
  const oldKey = await password.inputValue()
  expect(await feedCheck(request, email, oldKey)).toBe(204)

  await dialog.getByRole('button', { name: 'Regenerate key' }).click()
  await expect(dialog.getByText(/^Regenerate your license key\? The old key stops working at once/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Regenerate key' }).click()
  await expectNotice(dialog, 'Your new key is ready. The old key no longer works: update your CI secrets and NuGet feed credentials.')
  await expect(password).not.toHaveValue(oldKey)
  const newKey = await password.inputValue()
  expect(newKey).toMatch(/\S{16,}/)
  expect(await feedCheck(request, email, oldKey)).toBe(401)
  expect(await feedCheck(request, email, newKey)).toBe(204)
  // After a reload the card holds the new key too.
  await page.reload()
  await licenseCard(page, 'Commercial Plus').getByRole('button', { name: 'License Key' }).click()
  await expect(page.getByRole('dialog', { name: 'License Key' }).getByRole('textbox', { name: 'Password' })).toHaveValue(newKey)
})

test('an assigned developer gets an email, signs up with that address and finds the seat; the owner sees the assign in Recent activity', async ({ page, browser }) => {
  const ownerEmail = await signUpOwner(page, { firstName: 'Ines', priceId: 'commercial', seats: 2 })
  const developer = newEmail('Dana')
  await page.goto('/account/licenses')
  await assignLicense(page, { firstName: 'Dana', lastName: 'Dev', email: developer })
  const activity = page.getByRole('region', { name: 'Recent activity' })
  await expect(activity.getByRole('listitem').filter({ hasText: `Ines Owner assigned a Commercial license to ${developer}` })).toBeVisible()
  await expect(activity.getByRole('listitem').filter({ hasText: 'Ines Owner bought Commercial (2 licenses)' })).toBeVisible()

  const mail = await mailTo(developer)
  expect(mail.subject).toBe('You have a Prism Commercial license')
  expect(mail.from[0]!.address).toBe('support@prismlibrary.com')
  expect(mail.text).toContain(`Ines Owner (${ownerEmail}) assigned you a Prism Commercial license.`)
  expect(mail.text).toContain('My Licenses → License Key')
  expect(mail.html).toContain('/account')

  // The developer has never signed in: signing up with that address shows the seat.
  const context = await browser.newContext()
  const developerPage = await context.newPage()
  await signUpAs(developerPage, 'Dana', developer)
  const card = licenseCard(developerPage, 'Commercial')
  await expect(card.getByText(`Owner: ${ownerEmail}`)).toBeVisible()
  await expect(card.getByText('Active')).toBeVisible()
  await context.close()
})
