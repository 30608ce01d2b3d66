import { test as base, expect, type Page } from '@playwright/test'
import { createBrowserRecord, observeMachines, stepBinding } from './model-coverage'
import { signedInState, signIn } from './signed-in'

interface Fixtures {
  /** Page errors a test expects (it provokes them); anything else fails the test. */
  expectedPageErrors: RegExp[]
  pageErrors: string[]
  /**
   * The demo person the test's browser is signed in as before it starts (`test.use({ signedInAs:
   * 'commercial@example.com' })`); null: signed out. The sign-in itself happens once per worker.
   */
  signedInAs: string | null
  /**
   * The test ends the identity provider's session (it logs out at the provider): its browser gets a
   * sign-in of its own, so that the session the worker's other tests share lives on.
   */
  endsProviderSession: boolean
  /** Records which states and transitions of the machines ran in the test's browser (e2e/support/model-coverage.ts). */
  recordMachines: void
}

interface WorkerFixtures {
  /** What ran of the machines in this worker's tests so far. */
  browserRecord: ReturnType<typeof createBrowserRecord>
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
export const test = base.extend<Fixtures, WorkerFixtures>({
  expectedPageErrors: [[], { option: true }],
  signedInAs: [null, { option: true }],
  endsProviderSession: [false, { option: true }],
  page: async ({ page, signedInAs, endsProviderSession, browser }, provide) => {
    if (signedInAs) await page.context().setStorageState(await (endsProviderSession ? signIn(browser, signedInAs) : signedInState(browser, signedInAs)))
    await provide(page)
  },
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  browserRecord: [async ({}, use) => use(createBrowserRecord()), { scope: 'worker' }],
  recordMachines: [
    async ({ context, browserRecord }, use, testInfo) => {
      await context.exposeBinding(stepBinding, (_source, step) => browserRecord.add(step))
      await context.addInitScript(observeMachines, stepBinding)
      await use()
      browserRecord.write(testInfo.project.outputDir, testInfo.workerIndex)
    },
    { auto: true },
  ],
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
    // The browser's own 'Failed to load resource' names no address: the location gives it.
    if (message.type() === 'error') errors.push(message.text().startsWith('Failed to load resource') ? `${message.text()} (${message.location().url})` : message.text())
  })
}
