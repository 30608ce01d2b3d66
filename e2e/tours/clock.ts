import type { Page } from '@playwright/test'

/** The browsers whose clock is installed: a second install throws. */
const installed = new WeakSet<object>()

/**
 * The page's clock taken over by the test, running as the real one but for the jumps the test
 * makes (Playwright's clock is the browser's: each new page of it replays what was done to it).
 */
export async function takeClock(page: Page) {
  if (installed.has(page.context())) return
  installed.add(page.context())
  await page.context().clock.install()
}
