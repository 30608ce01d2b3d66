import type { Page } from '@playwright/test'
import { demo } from './support/accounts'
import { expect, test } from './support/fixtures'
import { holdRequests } from './support/held-requests'

/** The animations running on the page: whatever moves on screen (a pulsing placeholder, a spinner, a transition). */
const moving = (page: Page) => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length)

/** My Licenses as it waits for the licenses: placeholders in place of the cards. */
async function openWhileLicensesLoad(page: Page) {
  await holdRequests(page, '/api/licenses', 'GET')
  await page.goto('/account')
  await expect(page.getByRole('status', { name: 'Loading your licenses' })).toBeVisible()
}

test.describe('motion while the licenses load', () => {
  test.use({ signedInAs: demo.commercial })

  test('nothing moves for a visitor who prefers reduced motion', async ({ page }) => {
    // The browser tests run as such a visitor (playwright.config.ts); the next test shows what moves otherwise.
    await openWhileLicensesLoad(page)
    expect(await moving(page)).toBe(0)
  })

  test.describe('for a visitor who has not asked for less', () => {
    test.use({ reducedMotion: 'no-preference' })

    test('the placeholders pulse', async ({ page }) => {
      await openWhileLicensesLoad(page)
      await expect.poll(() => moving(page)).toBeGreaterThan(0)
    })
  })
})
