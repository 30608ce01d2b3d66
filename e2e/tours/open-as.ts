import type { BrowserContext, Page } from '@playwright/test'
import { openSignedIn } from '../support/signed-in'

const signedIn = new WeakMap<BrowserContext, string>()

/** Opens an account page as a demo person: the browser takes their sign-in on the first visit, then every tab shares it. */
export async function openAs(page: Page, email: string, path: string) {
  const context = page.context()
  if (signedIn.get(context) === email) {
    await page.goto(path)
    return
  }
  if (signedIn.has(context)) throw new Error(`The browser is signed in as ${signedIn.get(context)}, not ${email}`)
  await openSignedIn(page, email, path)
  signedIn.set(context, email)
}
