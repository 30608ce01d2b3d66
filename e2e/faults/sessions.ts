import { expect, test as base } from '../support/fixtures'
import { routeApiInContext } from '../support/api-routes'
import { signedInState } from '../support/signed-in'

/**
 * Signing in through the identity provider takes seconds, and the matrix opens the account area
 * some two hundred times: each demo account signs in once per worker, and every test starts from
 * that sign-in's storage (MSAL keeps its cache in local storage).
 */
export const test = base.extend<{ account: string; noChanges: void }>({
  account: ['', { option: true }],
  // Every fault is answered in the browser: a change that reaches the API anyway is stopped and fails the test.
  noChanges: [
    async ({ context }, provide) => {
      const leaked: string[] = []
      routeApiInContext(
        context,
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
  storageState: async ({ account, browser }, provide) => provide(await signedInState(browser, account)),
})

export { expect }
