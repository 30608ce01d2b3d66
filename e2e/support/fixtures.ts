import { test as base, expect, type Page } from '@playwright/test'

interface Fixtures {
  /** Page errors a test expects (it provokes them); anything else fails the test. */
  expectedPageErrors: RegExp[]
  pageErrors: string[]
}

/** Browser tests fail on any uncaught page error or console error the page reports. */
export const test = base.extend<Fixtures>({
  expectedPageErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, expectedPageErrors }, use) => {
      const errors: string[] = []
      reportErrors(page, errors)
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
