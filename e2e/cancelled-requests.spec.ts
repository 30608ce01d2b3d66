import { demo, licenseCard } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests } from './support/held-requests'

// Closing a dialog or leaving a page aborts its request in flight; the answer, released later,
// changes nothing on screen (the requests are held here, so no data changes).

test.describe('as a Commercial Plus holder', () => {
  test.use({ signedInAs: demo.plus })
  test('closing Connect Discord while joining aborts the request; its late answer opens nothing', async ({ page, context }) => {
    // Routes go in before the first navigation, so they are in place in every document of the page.
    const join = await holdRequests(page, '/api/discord/connect', 'POST')
    await page.goto('/account')
    const card = licenseCard(page, 'Commercial Plus')
    await card.getByRole('button', { name: 'Connect Discord' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Discord' })
    await dialog.getByLabel('Discord username').fill('paula.plus')
    await dialog.getByRole('button', { name: 'Join Prism Discord' }).click()
    await expect.poll(() => join.held.length).toBe(1)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
    await expect.poll(() => join.failed.length).toBe(1)
    // The page gave the request up (the abort above): the late answer has nowhere to arrive.
    await join.release({ inviteLink: 'https://discord.gg/late', discordConnected: true })
    await expect(card.getByRole('button', { name: 'Connect Discord' })).toBeVisible()
    await expect(card.getByText('Discord Connected')).toHaveCount(0)
    expect(context.pages()).toHaveLength(1)
  })
})

test.describe('as a Commercial owner', () => {
  test.use({ signedInAs: demo.commercial })
  test('closing the upgrade wizard or leaving Manage Licenses aborts the request; its late answer shows nothing', async ({ page }) => {
    const lookup = await holdRequests(page, '/api/stripe/has-default-payment-method', 'GET')
    await page.goto('/account/licenses')
    await test.step('the wizard closed while Continue looks up the payment method', async () => {
      await page.getByRole('button', { name: 'Upgrade to Commercial Plus' }).click()
      const wizard = page.getByRole('dialog', { name: 'Upgrade Subscription' })
      await wizard.getByRole('button', { name: 'Continue' }).click()
      await expect.poll(() => lookup.held.length).toBe(1)
      await wizard.getByRole('button', { name: 'Close' }).first().click()
      await expect(wizard).toHaveCount(0)
      await expect.poll(() => lookup.failed.length).toBe(1)
      await lookup.release({ hasPaymentMethod: true, card: { brand: 'visa', last4: '4242' } })
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Assign License' })).toBeEnabled()
    })
    await test.step('My Licenses opened while Manage Licenses loads', async () => {
      const stats = await holdRequests(page, '/api/account/stats/', 'GET')
      await page.reload()
      await expect.poll(() => stats.held.length).toBe(1)
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Licenses' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'My Licenses' })).toBeVisible()
      await expect.poll(() => stats.failed.length).toBe(1)
      await stats.release({ subscription: 'Commercial', priceId: 'commercial', purchased: 5, assigned: 2, available: 3 })
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Licenses')
      await expect(page.getByRole('group', { name: 'Available' })).toHaveCount(0)
    })
  })
})
