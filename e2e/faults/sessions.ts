import type { Browser, BrowserContext } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { signInAs } from '../support/accounts'
import { expect, test as base } from '../support/fixtures'

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * Signing in through the identity provider takes seconds, and the matrix opens the account area
 * some two hundred times: each demo account signs in once per worker, and every test starts from
 * that sign-in's storage (MSAL keeps its cache in local storage).
 */
export const test = base.extend<{ account: string; noChanges: void }, { signedIn: (email: string) => Promise<StorageState> }>({
  account: ['', { option: true }],
  // Every fault is answered in the browser: a change that reaches the API anyway is stopped and fails the test.
  noChanges: [
    async ({ context }, provide) => {
      const leaked: string[] = []
      await context.route(
        (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/login',
        (route) => {
          if (route.request().method() === 'GET') return route.fallback()
          leaked.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`)
          return route.abort('blockedbyclient')
        },
      )
      await provide()
      expect(leaked, 'changes that reached the API').toEqual([])
    },
    { auto: true },
  ],
  signedIn: [
    async ({ browser }, use) => {
      const sessions = new Map<string, Promise<StorageState>>()
      await use((email) => {
        if (!sessions.has(email)) sessions.set(email, signIn(browser, email))
        return sessions.get(email)!
      })
    },
    { scope: 'worker' },
  ],
  storageState: async ({ account, signedIn }, provide) => provide(await signedIn(account)),
})

async function signIn(browser: Browser, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true })
  const page = await context.newPage()
  await signInAs(page, email)
  await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible()
  const state = await context.storageState()
  await context.close()
  return state
}

export { expect }
