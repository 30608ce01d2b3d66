import { test as base, expect, type Page } from '@playwright/test'
import { signedInState } from './signed-in'

interface Fixtures {
  /** Page errors a test expects (it provokes them); anything else fails the test. */
  expectedPageErrors: RegExp[]
  pageErrors: string[]
  /**
   * The demo person the test's browser is signed in as before it starts (`test.use({ signedInAs:
   * 'commercial@example.com' })`); null: signed out. The sign-in itself happens once per worker.
   */
  signedInAs: string | null
}

/**
 * Runs in every document of the test's pages, frames included, before the page's own scripts, and
 * reports each Content-Security-Policy violation on the console, which the fixture reads for every
 * frame (Chromium logs most violations there too, in words that differ from case to case).
 */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `Content-Security-Policy violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.documentURI} (${event.sourceFile || 'the document'}, line ${event.lineNumber})`,
    )
  })
}

/**
 * Browser tests fail on any uncaught page error, console error, or Content-Security-Policy
 * violation (in any frame of the test's pages, MSAL's hidden frames included).
 */
export const test = base.extend<Fixtures>({
  expectedPageErrors: [[], { option: true }],
  signedInAs: [null, { option: true }],
  page: async ({ page, signedInAs, browser }, provide) => {
    if (signedInAs) await page.context().setStorageState(await signedInState(browser, signedInAs))
    await provide(page)
  },
  pageErrors: [
    async ({ context, page, expectedPageErrors }, use) => {
      const errors: string[] = []
      reportErrors(page, errors)
      await context.addInitScript(reportCspViolations)
      await use(errors)
      const unexpected = errors.filter((error) => !expectedPageErrors.some((pattern) => pattern.test(error)))
      expect(unexpected, 'errors reported by the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Collects the uncaught errors and console errors of a page; tests that open more tabs watch them too. */
export function reportErrors(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
}
