import type { Page } from '@playwright/test'

/**
 * Opens an address and waits until the page answers clicks: on a prerendered public page its
 * inline script has run (decision 0013: before the first paint), in the portal the app has
 * rendered, so that a click reaches the page's own handling.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return response
}
