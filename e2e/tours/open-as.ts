import type { BrowserContext, Page } from '@playwright/test'
import { signInAs } from '../support/accounts'

const signedIn = new WeakMap<BrowserContext, string>()

/** Opens an account page as a demo person: signs in on the first visit, then every tab of the browser shares the session. */
export async function openAs(page: Page, email: string, path: string) {
  const context = page.context()
  if (signedIn.get(context) === email) {
    await page.goto(path)
    return
  }
  if (signedIn.has(context)) throw new Error(`The browser is signed in as ${signedIn.get(context)}, not ${email}`)
  await signInAs(page, email, path)
  signedIn.set(context, email)
}
