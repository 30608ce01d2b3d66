import { test as base, expect } from '@playwright/test'

interface Fixtures {
  /** Page errors a test expects (it provokes them); anything else fails the test. */
  expectedPageErrors: RegExp[]
  pageErrors: string[]
}

const reportBinding = '__reportCspViolation'

/** Runs in every document of the test's pages, frames included, before the page's own scripts. */
function reportCspViolations(binding: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, ((text: string) => void) | undefined>)[binding]
    report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.documentURI} (${event.sourceFile || 'the document'}, line ${event.lineNumber})`)
  })
}

/**
 * Browser tests fail on any uncaught page error, console error, or Content-Security-Policy
 * violation (reported by the page itself, so frames and MSAL's hidden frames count too).
 */
export const test = base.extend<Fixtures>({
  expectedPageErrors: [[], { option: true }],
  pageErrors: [
    async ({ context, page, expectedPageErrors }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await context.exposeBinding(reportBinding, (_source, text: string) => void errors.push(`Content-Security-Policy violation: ${text}`))
      await context.addInitScript(reportCspViolations, reportBinding)
      await use(errors)
      const unexpected = errors.filter((error) => !expectedPageErrors.some((pattern) => pattern.test(error)))
      expect(unexpected, 'errors reported by the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
