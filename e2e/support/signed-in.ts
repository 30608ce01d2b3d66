import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { baseURL } from '@/playwright.config'
import { signInAs } from './accounts'

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** Each demo person's sign-in in this worker (a worker is a process of its own). */
const sessions = new Map<string, Promise<StorageState>>()

/**
 * The storage of a browser in which the demo person signed in: MSAL's cache in local storage and
 * the identity provider's session cookie. Each person signs in once per worker, through the
 * identity provider; tests that check signing in itself use `signInAs`.
 */
export function signedInState(browser: Browser, email: string): Promise<StorageState> {
  if (!sessions.has(email)) sessions.set(email, signIn(browser, email))
  return sessions.get(email)!
}

/** Opens an account page as a demo person who is already signed in, in a browser of their own. */
export async function openSignedIn(page: Page, email: string, path = '/account') {
  await page.context().setStorageState(await signedInState(page.context().browser()!, email))
  await page.goto(path)
}

/** A sign-in of its own, through the identity provider, in a browser that then closes. */
export async function signIn(browser: Browser, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true })
  try {
    const page = await context.newPage()
    await signInAs(page, email)
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible()
    return await context.storageState()
  } finally {
    await context.close()
  }
}
