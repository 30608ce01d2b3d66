import { expect, type Locator, type Page } from '@playwright/test'

/** Presses Tab until the element has the focus, as a keyboard user gets there; fails if it never does. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let press = 0; press < maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, `reached with Tab within ${maxPresses} presses`).toBeFocused()
}
