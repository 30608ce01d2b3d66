import type { BrowserContext, Page } from '@playwright/test'
import type { AnyStateMachine } from 'xstate'
import { reportErrors, test } from './fixtures'
import { walkTour, type Tour, type TourPath } from './machine-tour'

/**
 * Walks one test's paths of a tour, each on a page of its own (`walkTour` says why) and as a step
 * named by its events; the view-table rows of the steps the paths share are checked once. `check`
 * gets the page and path with each checked state's key and step index.
 */
export async function walkPaths(
  context: BrowserContext,
  pageErrors: string[],
  tour: Tour<AnyStateMachine>,
  paths: TourPath[],
  check: (page: Page, path: TourPath, key: string, index: number) => Promise<void>,
) {
  const rowsChecked = new Set<string>()
  for (const path of paths) {
    const page = await context.newPage()
    reportErrors(page, pageErrors)
    await test.step(path.name, () => walkTour(page, tour, path, (key, index) => check(page, path, key, index), rowsChecked))
    // Leaving a page with unsaved changes (a profile's) is not what is checked here.
    await page.close({ runBeforeUnload: false })
  }
}
