import type { Page } from '@playwright/test'

/**
 * Opens an address and waits until the app has taken over the prerendered markup, so that a
 * click reaches the app rather than falling through to the browser's own navigation.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return response
}
